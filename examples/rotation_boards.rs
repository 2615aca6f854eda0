//! Seeded random Rotation Game boards of one optimal depth, in judge
//! format, for benches and for feeding the `rotation` example.
//!
//! ```text
//! cargo run --release --example rotation_boards DEPTH COUNT [SEED]
//! ```
//! Depths up to 12 are drawn at random (uniform among boards of that
//! depth); depth 13, which only 192 boards have, is taken from the
//! pattern database's list of deep boards, shuffled by the seed.

#[path = "common/output.rs"]
mod output;

use std::process::ExitCode;

use puzzle_search::SplitMix64;
use puzzle_search::rotation::pdb;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, name: &str| -> Result<Option<u64>, String> {
        args.get(i)
            .map(|a| {
                a.parse::<u64>()
                    .map_err(|_| format!("{name} must be a whole number, not '{a}'"))
            })
            .transpose()
    };
    let parsed =
        (|| Ok::<_, String>((number(0, "DEPTH")?, number(1, "COUNT")?, number(2, "SEED")?)))();
    let (depth, count, seed) = match parsed {
        Ok((Some(d), Some(c), seed)) if args.len() <= 3 => {
            // No board is deeper than the Rotation Game's God's number, 13
            // (`rotation_census`).
            if d > 13 {
                eprintln!("error: DEPTH = {d}: no board is that deep (at most 13)");
                return ExitCode::from(2);
            }
            if c > 10_000_000 {
                eprintln!("error: COUNT = {c}: at most 10000000 boards a run");
                return ExitCode::from(2);
            }
            (d as u32, c as usize, seed.unwrap_or(2286))
        }
        Ok(_) => {
            eprintln!("usage: rotation_boards DEPTH COUNT [SEED]");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let boards = pdb::table().boards_of_depth(depth, count, &mut SplitMix64::new(seed));
    if boards.len() < count {
        eprintln!("note: only {} boards have depth {depth}", boards.len());
    }
    for board in &boards {
        let cells: Vec<String> = board.cells().iter().map(u8::to_string).collect();
        output::emit(format_args!("{}", cells.join(" ")));
    }
    output::emit(format_args!("0"));
    ExitCode::SUCCESS
}
