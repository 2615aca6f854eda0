//! Move sequences as cubers write them (SiGN/WCA): a move's name as the
//! definition gives it or any power of it (`R3` is `R'` on a turn of
//! order 4, `R2'` is `R2`, `R4` the identity), and groups repeated or
//! inverted (`(R U R' U')3`, `(R U)'`, nested). Read by the scramble
//! files' `ScrambleAlg` blocks and `--scramblealg`.

use crate::definition::Definition;
use crate::moves::Moves;
use crate::parse::{ErrorKind, ParseError};
use crate::position::Position;

/// The most moves one line may expand to (a repeat count is a number:
/// `(R U)999999999` would otherwise fill memory).
pub(crate) const MAX_EXPANDED: usize = 1 << 20;

/// Appends the moves of one line `text` (line `at`) to `out`, as indices
/// into `moves`.
pub(crate) fn read_line(
    text: &str,
    at: usize,
    def: &Definition,
    moves: &Moves,
    out: &mut Vec<u16>,
) -> Result<(), ParseError> {
    let mut reader = Reader {
        text: text.as_bytes(),
        at,
        i: 0,
        def,
        moves,
    };
    let start = out.len();
    reader.sequence(out, 0)?;
    if reader.i < reader.text.len() {
        return Err(ParseError::new(
            at,
            ")",
            ErrorKind::Unsupported("a `)` with no `(` before it"),
        ));
    }
    if out.len() - start > MAX_EXPANDED {
        return Err(too_long(at));
    }
    Ok(())
}

fn too_long(at: usize) -> ParseError {
    ParseError::new(
        at,
        "(",
        ErrorKind::Unsupported("the repeats expand past 1,048,576 moves"),
    )
}

struct Reader<'a> {
    text: &'a [u8],
    at: usize,
    i: usize,
    def: &'a Definition,
    moves: &'a Moves,
}

impl Reader<'_> {
    /// Moves and groups up to a `)` or the end.
    fn sequence(&mut self, out: &mut Vec<u16>, depth: usize) -> Result<(), ParseError> {
        loop {
            while self.i < self.text.len() && matches!(self.text[self.i], b' ' | b'\t' | b',') {
                self.i += 1;
            }
            if self.i == self.text.len() || self.text[self.i] == b')' {
                return Ok(());
            }
            if self.text[self.i] == b'(' {
                if depth > 64 {
                    return Err(ParseError::new(
                        self.at,
                        "(",
                        ErrorKind::Unsupported("groups nested past 64 deep"),
                    ));
                }
                self.i += 1;
                let mut group = Vec::new();
                self.sequence(&mut group, depth + 1)?;
                if self.i == self.text.len() {
                    return Err(ParseError::new(
                        self.at,
                        "(",
                        ErrorKind::Unsupported("a `(` not closed on its line"),
                    ));
                }
                self.i += 1; // the `)`
                let (times, inverse) = self.suffix();
                if inverse {
                    group = self.inverted(&group)?;
                }
                let times = times.unwrap_or(1);
                if times.saturating_mul(group.len()) > MAX_EXPANDED {
                    return Err(too_long(self.at));
                }
                for _ in 0..times {
                    out.extend_from_slice(&group);
                }
                if out.len() > MAX_EXPANDED {
                    return Err(too_long(self.at));
                }
                continue;
            }
            let from = self.i;
            while self.i < self.text.len()
                && !matches!(self.text[self.i], b' ' | b'\t' | b',' | b'(' | b')')
            {
                self.i += 1;
            }
            let name = String::from_utf8_lossy(&self.text[from..self.i]).into_owned();
            match self.resolve(&name) {
                Some(Some(m)) => out.push(m),
                Some(None) => {} // a whole number of turns: no move
                None => return Err(ParseError::new(self.at, &name, ErrorKind::UnknownMove)),
            }
        }
    }

    /// A group's repeat count and `'`, after its `)`.
    fn suffix(&mut self) -> (Option<usize>, bool) {
        let from = self.i;
        while self.i < self.text.len() && self.text[self.i].is_ascii_digit() {
            self.i += 1;
        }
        let times = std::str::from_utf8(&self.text[from..self.i])
            .ok()
            .and_then(|d| d.parse::<usize>().ok());
        let times = if self.i > from {
            Some(times.unwrap_or(usize::MAX))
        } else {
            None
        };
        let inverse = self.i < self.text.len() && self.text[self.i] == b'\'';
        if inverse {
            self.i += 1;
        }
        (times, inverse)
    }

    /// The moves undoing `group`: reversed, each inverted.
    fn inverted(&self, group: &[u16]) -> Result<Vec<u16>, ParseError> {
        group
            .iter()
            .rev()
            .map(|&m| {
                self.moves
                    .inverse(usize::from(m))
                    .map(|i| i as u16)
                    .ok_or_else(|| {
                        ParseError::new(
                            self.at,
                            &self.moves.names()[usize::from(m)],
                            ErrorKind::Unsupported("its inverse is not among the moves"),
                        )
                    })
            })
            .collect()
    }

    /// The move named `name`: a name among the moves, else a definition
    /// move's name with an amount and a `'` (`R3`, `R2'`): `Some(None)`
    /// where the amount is a whole number of turns; `None` where there
    /// is no such move (or that power is not among the moves).
    fn resolve(&self, name: &str) -> Option<Option<u16>> {
        if let Some(m) = self.moves.find(name) {
            return Some(Some(m as u16));
        }
        let (rest, inverse) = match name.strip_suffix('\'') {
            Some(rest) => (rest, true),
            None => (name, false),
        };
        let base_name = rest.trim_end_matches(|c: char| c.is_ascii_digit());
        let digits = &rest[base_name.len()..];
        let amount: u64 = if digits.is_empty() {
            1
        } else {
            digits.parse().ok()?
        };
        let base = self.def.moves().iter().position(|(n, _)| n == base_name)?;
        let order = order(&self.def.moves()[base].1, self.def) as u64;
        let amount = amount % order;
        let power = if inverse {
            (order - amount) % order
        } else {
            amount
        };
        if power == 0 {
            return Some(None);
        }
        (0..self.moves.len())
            .find(|&m| self.moves.base(m) == (base, power as usize))
            .map(|m| Some(m as u16))
    }
}

/// How many times `m` turns before it is the identity.
fn order(m: &Position, def: &Definition) -> usize {
    let id = Position::identity(def.orbits());
    let mut p = m.clone();
    let mut k = 1;
    while p != id && k <= crate::moves::MAX_ORDER {
        p = p.then(m, def.orbits());
        k += 1;
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Vec<String>, String> {
        let def = Definition::builtin("3x3x3")
            .expect("built in")
            .expect("valid");
        let moves = Moves::all(&def).expect("moves");
        let mut out = Vec::new();
        read_line(text, 1, &def, &moves, &mut out).map_err(|e| e.to_string())?;
        Ok(out
            .iter()
            .map(|&m| moves.names()[usize::from(m)].clone())
            .collect())
    }

    #[test]
    fn powers_and_groups_read_as_cubers_write_them() {
        assert_eq!(read("R U2 F'").expect("plain"), ["R", "U2", "F'"]);
        assert_eq!(
            read("R3 R2' U5 U4 D3'").expect("powers").join(" "),
            "R' R2 U D"
        );
        assert_eq!(read("(R U)2").expect("repeat"), ["R", "U", "R", "U"]);
        assert_eq!(read("(R U')'").expect("inverse"), ["U", "R'"]);
        assert_eq!(
            read("((R) U2)2 F").expect("nested").join(" "),
            "R U2 R U2 F"
        );
        assert_eq!(read("(R,U)").expect("commas"), ["R", "U"]);
        assert_eq!(read("Q").unwrap_err(), "line 1: `Q`: no move of this name");
        assert!(read("(R U").unwrap_err().contains("not closed"));
        assert!(read("R U)").unwrap_err().contains("no `(`"));
        assert!(
            read("(R U)99999999999999999999")
                .unwrap_err()
                .contains("expand past")
        );
    }
}
