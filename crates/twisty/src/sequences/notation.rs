//! Move sequences as cubers write them (SiGN/WCA): a move's name as the
//! definition gives it or any power of it (`R3` is `R'` on a turn of
//! order 4, `R2'` is `R2`, `R4` the identity), and groups repeated or
//! inverted (`(R U R' U')3`, `(R U)'`, nested). Read by the scramble
//! files' `ScrambleAlg` blocks and `--scramblealg`.

use crate::model::definition::Definition;
use crate::model::moves::Moves;
use crate::model::parse::{ErrorKind, ParseError};
use crate::model::position::Position;
use crate::sequences::frame::{Frames, Step, split_power};

/// The most moves one line may expand to (a repeat count is a number:
/// `(R U)999999999` would otherwise fill memory).
pub(crate) const MAX_EXPANDED: usize = 1 << 20;

/// Reads the lines of move sequences for one definition and set of
/// moves, keeping the rotations met so far in a sequence (see
/// `crate::sequences::frame`): moves after a rotation are read as the puzzle is then
/// seen, and the sequence comes out as moves in the definition's frame.
pub(crate) struct Notation<'a> {
    def: &'a Definition,
    moves: &'a Moves,
    /// The rotations and wide turns, found on the first name that needs
    /// them (`None` inside: the definition has no rotation).
    frames: Option<Option<Frames>>,
    /// The rotations so far in this sequence (`None`: none).
    frame: Option<Position>,
}

impl<'a> Notation<'a> {
    /// A reader for `def`'s moves `moves`.
    pub(crate) fn new(def: &'a Definition, moves: &'a Moves) -> Self {
        Notation {
            def,
            moves,
            frames: None,
            frame: None,
        }
    }

    /// A new sequence: no rotation so far.
    pub(crate) fn start(&mut self) {
        self.frame = None;
    }

    /// Appends the moves of one line `text` (line `at`) to `out`, as
    /// indices into the moves.
    pub(crate) fn read_line(
        &mut self,
        text: &str,
        at: usize,
        out: &mut Vec<u16>,
    ) -> Result<(), ParseError> {
        let mut reader = Reader {
            text: text.as_bytes(),
            at,
            i: 0,
            n: self,
        };
        let mut steps = Vec::new();
        reader.sequence(&mut steps, 0)?;
        if reader.i < reader.text.len() {
            return Err(ParseError::new(
                at,
                ")",
                ErrorKind::Unsupported("a `)` with no `(` before it"),
            ));
        }
        if steps.len() > MAX_EXPANDED {
            return Err(too_long(at));
        }
        let frames = self.frames.as_ref().and_then(Option::as_ref);
        for step in steps {
            match (step, frames) {
                (Step::Move(m), _) if self.frame.is_none() => out.push(m),
                (Step::Move(m), Some(frames)) => {
                    let frame = self.frame.as_ref().unwrap_or_else(|| frames.get(0));
                    let c = frames
                        .conjugate(frame, usize::from(m), self.moves)
                        .ok_or_else(|| {
                            ParseError::new(
                                at,
                                &self.moves.names()[usize::from(m)],
                                ErrorKind::Unsupported(
                                    "after the rotations before it, a move not among the moves",
                                ),
                            )
                        })?;
                    out.push(c as u16);
                }
                (Step::Turn(i), Some(frames)) => {
                    let r = frames.get(usize::from(i));
                    let orbits = self.def.orbits();
                    self.frame = Some(match self.frame.take() {
                        Some(f) => f.then(r, orbits),
                        None => r.clone(),
                    });
                }
                // Rotations come only from frames.
                (_, None) => {}
            }
        }
        Ok(())
    }
}

fn too_long(at: usize) -> ParseError {
    ParseError::new(
        at,
        "(",
        ErrorKind::Unsupported("the repeats expand past 1,048,576 moves"),
    )
}

struct Reader<'a, 'b> {
    text: &'b [u8],
    at: usize,
    i: usize,
    n: &'b mut Notation<'a>,
}

impl Reader<'_, '_> {
    /// Moves and groups up to a `)` or the end.
    fn sequence(&mut self, out: &mut Vec<Step>, depth: usize) -> Result<(), ParseError> {
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
                if inverse && self.text.get(self.i).is_some_and(u8::is_ascii_digit) {
                    return Err(ParseError::new(
                        self.at,
                        ")'",
                        ErrorKind::Notation(
                            "a group's repeat count goes before its `'`: `(R U)2'`".to_string(),
                        ),
                    ));
                }
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
            if !self.resolve(&name, out)? {
                return Err(ParseError::new(self.at, &name, self.unknown(&name)));
            }
        }
    }

    /// Why `name` is no move, as precisely as can be told: a comment
    /// after moves, a number alone, a power written after the `'`, a
    /// typographic apostrophe, a move the moves chosen leave out, a wide
    /// turn the definition cannot make; else no move of this name.
    fn unknown(&self, name: &str) -> ErrorKind {
        let def = self.n.def;
        let known = |n: &str| def.moves().iter().any(|(m, _)| m == n);
        let how = |s: &str| ErrorKind::Notation(s.to_string());
        if name.starts_with('#') {
            return how(
                "a comment must be a line of its own, starting with `#` (as twsearch reads scramble files)",
            );
        }
        if name.bytes().all(|b| b.is_ascii_digit()) {
            return how(
                "a number alone is no move: a power goes right after its move (`R2`), a repeat right after a group's `)`",
            );
        }
        if name.contains(['\u{2019}', '\u{2018}', '\u{2032}', '`', '\u{b4}']) {
            return how("write a turn the other way with the ASCII apostrophe `'` (`R'`)");
        }
        if let Some((base, digits)) = name.split_once('\'')
            && !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && (known(base) || split_power(base).is_some_and(|(b, _)| known(b)))
        {
            return ErrorKind::Notation(format!(
                "the power goes before the `'`: `{base}{digits}'`"
            ));
        }
        if known(name) || split_power(name).is_some_and(|(b, _)| known(b)) {
            return ErrorKind::NotChosen;
        }
        if let Some((face, layers)) = split_power(name).and_then(|(b, _)| wide_name(b, def)) {
            return ErrorKind::Notation(format!(
                "a wide turn of {layers} layers: the definition has no inner-layer moves `2{f}` to `{layers}{f}`, and its rotations do not make one (a wide turn is its face's move and a rotation)",
                f = def.moves()[face].0
            ));
        }
        ErrorKind::UnknownMove
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

    /// The steps undoing `group`: reversed, each inverted.
    fn inverted(&self, group: &[Step]) -> Result<Vec<Step>, ParseError> {
        let moves = self.n.moves;
        let frames = self.n.frames.as_ref().and_then(Option::as_ref);
        group
            .iter()
            .rev()
            .map(|&s| match (s, frames) {
                (Step::Move(m), _) => moves
                    .inverse(usize::from(m))
                    .map(|i| Step::Move(i as u16))
                    .ok_or_else(|| {
                        ParseError::new(
                            self.at,
                            &moves.names()[usize::from(m)],
                            ErrorKind::Unsupported("its inverse is not among the moves"),
                        )
                    }),
                (Step::Turn(i), Some(f)) => Ok(Step::Turn(f.inverse(usize::from(i)) as u16)),
                (Step::Turn(i), None) => Ok(Step::Turn(i)),
            })
            .collect()
    }

    /// Appends the steps of the name `name`: a move among the moves, a
    /// definition move's power (`R3`, `R2'`; nothing where the amount is
    /// a whole number of turns), a rotation (`x`, `y2`, `z'`) or a wide
    /// turn (`Rw`, `r`, `3Rw`, with powers). `false` where it is none of
    /// these (or that power is not among the moves).
    fn resolve(&mut self, name: &str, out: &mut Vec<Step>) -> Result<bool, ParseError> {
        let moves = self.n.moves;
        let def = self.n.def;
        if let Some(m) = moves.find(name) {
            out.push(Step::Move(m as u16));
            return Ok(true);
        }
        let Some((base_name, amount)) = split_power(name) else {
            return Ok(false);
        };
        if let Some(base) = def.moves().iter().position(|(n, _)| n == base_name) {
            let order = order(&def.moves()[base].1, def) as i64;
            let power = amount.rem_euclid(order) as usize;
            if power == 0 {
                return Ok(true);
            }
            return Ok(
                match (0..moves.len()).find(|&m| moves.base(m) == (base, power)) {
                    Some(m) => {
                        out.push(Step::Move(m as u16));
                        true
                    }
                    None => false,
                },
            );
        }
        // Rotations and wide turns: the definition's rotations, found once.
        if self.n.frames.is_none() {
            self.n.frames = Some(Frames::new(def));
        }
        let frames = self.n.frames.as_ref().and_then(Option::as_ref);
        if let Some(i) = frames.and_then(|f| f.rotation(name)) {
            if i != 0 {
                out.push(Step::Turn(i as u16));
            }
            return Ok(true);
        }
        let Some((face, layers)) = wide_name(base_name, def) else {
            return Ok(false);
        };
        let Some(steps) = self.wide(face, layers, frames) else {
            return Ok(false);
        };
        // Turned as many times as written (the layers' orders may differ:
        // no reduction), backwards for `'`.
        let times = amount.unsigned_abs() as usize;
        let steps = if amount < 0 {
            self.inverted(&steps)?
        } else {
            steps
        };
        if times.saturating_mul(steps.len()) > MAX_EXPANDED {
            return Err(too_long(self.at));
        }
        for _ in 0..times {
            out.extend_from_slice(&steps);
        }
        Ok(true)
    }

    /// One turn of the `layers` outer layers on the side of the
    /// definition's move `face`: its inner-layer moves where the
    /// definition has them (`R 2R`), else a move and a rotation
    /// (`crate::sequences::frame`).
    fn wide(&self, face: usize, layers: usize, frames: Option<&Frames>) -> Option<Vec<Step>> {
        let (def, moves) = (self.n.def, self.n.moves);
        let name = &def.moves()[face].0;
        let mut steps = Vec::new();
        for k in 1..=layers {
            let layer = if k == 1 {
                name.clone()
            } else {
                format!("{k}{name}")
            };
            let Some(base) = def.moves().iter().position(|(n, _)| *n == layer) else {
                steps.clear();
                break;
            };
            let m = (0..moves.len()).find(|&m| moves.base(m) == (base, 1))?;
            steps.push(Step::Move(m as u16));
        }
        if !steps.is_empty() {
            return Some(steps);
        }
        frames?.wide(def, moves, face, layers)
    }
}

/// A wide turn's face (an index among the definition's moves) and layer
/// count: `Rw` (2), `3Rw` (3), SiGN's `r` (2, where the definition has no
/// move of that name).
fn wide_name(name: &str, def: &Definition) -> Option<(usize, usize)> {
    let face_of = |f: &str| def.moves().iter().position(|(n, _)| n == f);
    if let Some(rest) = name.strip_suffix('w') {
        let face = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        let digits = &rest[..rest.len() - face.len()];
        let layers = if digits.is_empty() {
            2
        } else {
            digits
                .parse::<usize>()
                .ok()
                .filter(|&k| (2..=255).contains(&k))?
        };
        return Some((face_of(face)?, layers));
    }
    let mut chars = name.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_lowercase() => {
            Some((face_of(&c.to_ascii_uppercase().to_string())?, 2))
        }
        _ => None,
    }
}

/// How many times `m` turns before it is the identity.
fn order(m: &Position, def: &Definition) -> usize {
    let id = Position::identity(def.orbits());
    let mut p = m.clone();
    let mut k = 1;
    while p != id && k <= crate::model::moves::MAX_ORDER {
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
        Notation::new(&def, &moves)
            .read_line(text, 1, &mut out)
            .map_err(|e| e.to_string())?;
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

    /// A move that is no move says why as precisely as can be told.
    #[test]
    fn moves_that_are_no_move_say_why() {
        let err = |t: &str| read(t).unwrap_err();
        assert!(err("R'2").ends_with("`R'2`: the power goes before the `'`: `R2'`"));
        assert!(
            err("R\u{2019}")
                .contains("`R\u{2019}`: write a turn the other way with the ASCII apostrophe")
        );
        assert!(err("(R U)'2").contains("repeat count goes before its `'`"));
        assert!(err("R 2").contains("`2`: a number alone is no move"));
        assert!(err("R U # the T perm").contains("`#`: a comment must be a line of its own"));
        assert_eq!(err("Q"), "line 1: `Q`: no move of this name");
        let def = Definition::builtin("3x3x3")
            .expect("built in")
            .expect("valid");
        let some = Moves::select(&def, &["U", "R"]).expect("moves");
        for name in ["F", "F2'", "B3"] {
            let mut out = Vec::new();
            let e = Notation::new(&def, &some)
                .read_line(name, 1, &mut out)
                .expect_err("left out")
                .to_string();
            assert!(
                e.ends_with("not among the moves chosen (--moves)"),
                "{name}: {e}"
            );
        }
        let two = Definition::builtin("2x2x2")
            .expect("built in")
            .expect("valid");
        let moves = Moves::all(&two).expect("moves");
        let mut out = Vec::new();
        let e = Notation::new(&two, &moves)
            .read_line("3Rw", 1, &mut out)
            .expect_err("no third layer")
            .to_string();
        assert!(e.contains("a wide turn of 3 layers"), "{e}");
    }

    /// The built-in cube `n` with its `x y z` blocks, or without them
    /// (`bare`: the rotations are then found from the moves).
    fn cube(n: usize, bare: bool) -> Definition {
        let text = crate::model::cube::cube_text(n);
        let mut kept = String::new();
        let mut skipping = false;
        for line in text.lines() {
            if let Some(name) = line.strip_prefix("Move ") {
                skipping = bare && crate::model::definition::is_rotation(name.trim());
            }
            if !skipping {
                kept.push_str(line);
                kept.push('\n');
            }
            if line.trim() == "End" {
                skipping = false;
            }
        }
        Definition::parse(&kept).expect("valid")
    }

    fn read_on(def: &Definition, text: &str) -> Result<String, String> {
        let moves = Moves::all(def).expect("moves");
        let mut out = Vec::new();
        Notation::new(def, &moves)
            .read_line(text, 1, &mut out)
            .map_err(|e| e.to_string())?;
        Ok(out
            .iter()
            .map(|&m| moves.names()[usize::from(m)].clone())
            .collect::<Vec<_>>()
            .join(" "))
    }

    #[test]
    fn rotations_turn_the_names_of_the_moves_after_them() {
        for bare in [false, true] {
            let def = cube(3, bare);
            assert_eq!(def.rotations().is_empty(), bare);
            let r = |t: &str| read_on(&def, t).expect(t);
            // After x the front is on top; after y the back is on the
            // right; after z the left is on top.
            assert_eq!(r("x U"), "F", "bare {bare}");
            assert_eq!(r("x R"), "R");
            assert_eq!(r("y R"), "B");
            assert_eq!(r("z U"), "L");
            assert_eq!(r("x' U"), "B");
            assert_eq!(r("x2 U'"), "D'");
            assert_eq!(r("x3 U"), r("x' U"));
            assert_eq!(r("x y U"), "F");
            assert_eq!(r("x y R"), "U"); // the back after x is the old top
            assert_eq!(r("(x U)2"), "F D");
            assert_eq!(r("(x U)'"), "U'"); // U' x'
            assert_eq!(r("(U x)'"), "B'"); // x' U'

            assert_eq!(r("R U x"), "R U");
            // Wide turns: a layer and a rotation on the 3x3x3.
            assert_eq!(r("Rw"), "L");
            assert_eq!(r("r U"), "L F");
            assert_eq!(r("Rw'"), "L'");
            assert_eq!(r("Rw2 U"), "L L D");
            assert_eq!(r("Uw R"), "D B");
            assert_eq!(r("Fw"), "B");
            assert!(read_on(&def, "3Rw").is_err()); // no inner layer moves
        }
        // The 2x2x2: the two layers are the whole cube.
        for bare in [false, true] {
            let def = cube(2, bare);
            let r = |t: &str| read_on(&def, t).expect(t);
            assert_eq!(r("Rw U"), "F");
            assert_eq!(r("Rw"), "");
        }
    }

    #[test]
    fn wide_turns_are_the_inner_layer_moves_where_the_definition_has_them() {
        let def = Definition::parse(
            "Set P 6 1\nSolved\nP\n1 2 3 4 5 6\nEnd\nMove R\nP\n2 3 1 4 5 6\nEnd\n\
             Move 2R\nP\n1 2 3 5 4 6\nEnd\n",
        )
        .expect("valid");
        assert_eq!(read_on(&def, "Rw").expect("Rw"), "R 2R");
        assert_eq!(read_on(&def, "Rw'").expect("Rw'"), "2R R'");
        assert_eq!(read_on(&def, "r2").expect("r2"), "R 2R R 2R");
        // No rotation: nothing to read `x` or `3Rw` as.
        assert!(read_on(&def, "x").is_err() && read_on(&def, "3Rw").is_err());
        // A rotation that takes a move out of those chosen is refused.
        let cube = cube(3, false);
        let moves = Moves::select(&cube, &["U", "R"]).expect("moves");
        let mut out = Vec::new();
        let e = Notation::new(&cube, &moves)
            .read_line("R y R", 1, &mut out)
            .expect_err("y R is B");
        assert_eq!(
            e.to_string(),
            "line 1: `R`: not supported: after the rotations before it, a move not among the moves"
        );
    }

    /// Every sequence of moves and rotations, read, is the position the
    /// moves and rotations make in the fixed frame, turned back by the
    /// rotations: `P = moves(read) F`.
    #[test]
    fn a_sequence_with_rotations_is_its_position_turned_back() {
        let def = cube(3, false);
        let moves = Moves::all(&def).expect("moves");
        let orbits = def.orbits();
        let names = [
            "U", "R'", "F2", "x", "y'", "z2", "Rw", "Lw'", "Uw2", "d", "B",
        ];
        let mut seed = 12345u64;
        for _ in 0..200 {
            let mut text = Vec::new();
            for _ in 0..8 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                text.push(names[(seed >> 33) as usize % names.len()]);
            }
            let text = text.join(" ");
            let mut out = Vec::new();
            let mut notation = Notation::new(&def, &moves);
            notation.read_line(&text, 1, &mut out).expect("reads");
            let read = out.iter().fold(def.solved().clone(), |p, &m| {
                p.then(moves.get(usize::from(m)), orbits)
            });
            // The fixed frame: each step's own position, rotations as
            // positions, wide turns from the cube's geometry.
            let mut fixed = def.solved().clone();
            let mut turned = Position::identity(orbits);
            for name in text.split(' ') {
                let (p, r) = fixed_step(&def, name);
                fixed = fixed.then(&p, orbits);
                turned = turned.then(&r, orbits);
            }
            assert_eq!(read.then(&turned, orbits), fixed, "{text}");
        }
    }

    /// One step as a position in the fixed frame, and the rotation it
    /// makes: wide turns as the rotation on every piece not in the
    /// opposite face's layer.
    fn fixed_step(def: &Definition, name: &str) -> (Position, Position) {
        let orbits = def.orbits();
        let rot = |n: &str| {
            def.rotations()
                .iter()
                .find(|(r, _)| r == n)
                .expect(n)
                .1
                .clone()
        };
        let mv = |n: &str| def.moves().iter().find(|(m, _)| m == n).expect(n).1.clone();
        let power = |p: &Position, k: usize| {
            (0..k).fold(Position::identity(orbits), |acc, _| acc.then(p, orbits))
        };
        let id = Position::identity(orbits);
        let (base, k) = match name.as_bytes().last() {
            Some(b'\'') => (&name[..name.len() - 1], 3),
            Some(b'2') => (&name[..name.len() - 1], 2),
            _ => (name, 1),
        };
        let (face, axis, opposite) = match base {
            "x" | "y" | "z" => return (power(&rot(base), k), power(&rot(base), k)),
            "Rw" => ("R", "x", "L"),
            "Lw" => ("L", "x'", "R"),
            "Uw" => ("U", "y", "D"),
            "d" => ("D", "y'", "U"),
            other => return (power(&mv(other), k), id),
        };
        let _ = face;
        let r = match axis.strip_suffix('\'') {
            Some(a) => power(&rot(a), 3),
            None => rot(axis),
        };
        // The rotation kept off the opposite layer: where the opposite
        // face's move moves nothing.
        let far = mv(opposite);
        let mut bytes = r.as_slice().to_vec();
        let f = far.as_slice();
        let mut off = 0;
        for o in orbits {
            let n = o.pieces;
            for j in 0..n {
                if usize::from(f[off + j]) != j || f[off + n + j] != 0 {
                    bytes[off + j] = j as u8;
                    bytes[off + n + j] = 0;
                }
            }
            off += 2 * n;
        }
        let w = id.clone().with_bytes(&bytes).expect("same size");
        (power(&w, k), power(&r, k))
    }
}
