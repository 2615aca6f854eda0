//! The 2x2x2 and 3x3x3 cubes, built from their geometry (not copied from
//! any definition file): cubies at integer points, a face turn a quarter
//! rotation of the cubies of one layer, orientations read off where each
//! cubie's reference sticker lands. Written out in the definition format
//! and read back by [`Definition::parse`], so they go through the same
//! checks as a file.

use std::fmt::Write;

use crate::model::definition::Definition;
use crate::model::parse::ParseError;

type P = [i8; 3];

/// The faces in the order the moves are defined (twsearch's samples use
/// this order too): name, axis (0 x, 1 y, 2 z), side.
const FACES: [(&str, usize, i8); 6] = [
    ("F", 2, 1),
    ("B", 2, -1),
    ("D", 1, -1),
    ("U", 1, 1),
    ("L", 0, -1),
    ("R", 0, 1),
];

/// `p` turned a quarter clockwise as seen from outside the face on
/// `axis`, `side`: a rotation by -90 degrees about the face's outward
/// normal.
fn turn(p: P, axis: usize, side: i8) -> P {
    let [x, y, z] = p;
    // -90 degrees about +axis; about -axis it is +90 about +axis.
    match (axis, side > 0) {
        (0, true) => [x, z, -y],
        (0, false) => [x, -z, y],
        (1, true) => [-z, y, x],
        (1, false) => [z, y, -x],
        (2, true) => [y, -x, z],
        _ => [-y, x, z],
    }
}

/// A cubie's sticker directions in its slot order: the up/down sticker
/// first (else front/back), then clockwise around the cubie as seen from
/// outside, so that a rotation maps slot orders onto slot orders.
fn slots(p: P) -> Vec<P> {
    let axes: Vec<usize> = (0..3).filter(|&a| p[a] != 0).collect();
    let dir = |a: usize| {
        let mut d = [0i8; 3];
        d[a] = p[a].signum();
        d
    };
    match axes.len() {
        3 => {
            // Clockwise from outside: y then x then z where the corner's
            // octant is even (x, y, z counterclockwise there), else y, z, x.
            if p[0] * p[1] * p[2] > 0 {
                vec![dir(1), dir(0), dir(2)]
            } else {
                vec![dir(1), dir(2), dir(0)]
            }
        }
        2 => {
            let first = if p[1] != 0 { 1 } else { 2 };
            let other = axes.iter().copied().find(|&a| a != first).unwrap_or(0);
            vec![dir(first), dir(other)]
        }
        _ => vec![dir(axes[0])],
    }
}

/// The orbit of cubies with `k` non-zero coordinates in `coords`.
fn cubies(coords: &[i8], k: usize) -> Vec<P> {
    let mut out = Vec::new();
    for &x in coords {
        for &y in coords {
            for &z in coords {
                let p = [x, y, z];
                if p.iter().filter(|&&c| c != 0).count() == k {
                    out.push(p);
                }
            }
        }
    }
    // Top layer first, then by z and x: a fixed numbering.
    out.sort_by_key(|p| (-p[1], -p[2], p[0]));
    out
}

/// One orbit's lines of a move block: the source of each position and
/// the turn of the piece that arrives, given by source position (the
/// format's convention).
/// `whole`: every cubie turns (a rotation of the whole cube about the
/// face's axis), not only the face's layer.
fn move_lines(pos: &[P], axis: usize, side: i8, whole: bool, out: &mut String) {
    let n = pos.len();
    let mut src = vec![0usize; n];
    let mut twist_by_source = vec![0usize; n];
    for (s, &p) in pos.iter().enumerate() {
        let (to, twist) = if whole || p[axis] == side {
            let q = turn(p, axis, side);
            let d0 = turn(slots(p)[0], axis, side);
            let t = slots(q).iter().position(|&d| d == d0).unwrap_or(0);
            (q, t)
        } else {
            (p, 0)
        };
        let j = pos.iter().position(|&c| c == to).unwrap_or(s);
        src[j] = s;
        twist_by_source[s] = twist;
    }
    let nums: Vec<String> = src.iter().map(|s| (s + 1).to_string()).collect();
    let _ = writeln!(out, "{}", nums.join(" "));
    let twists: Vec<String> = twist_by_source.iter().map(|t| t.to_string()).collect();
    let _ = writeln!(out, "{}", twists.join(" "));
}

/// The definition text of the `n`x`n`x`n` cube for `n` 2 or 3: corners
/// (and edges for 3), six face turns `F B D U L R` (for 2: the outer
/// layers, which leaves the whole-cube position free, as twsearch's
/// 2x2x2 does), and the whole-cube rotations `x y z`.
pub(crate) fn cube_text(n: usize) -> String {
    let coords: &[i8] = if n == 2 { &[-1, 1] } else { &[-1, 0, 1] };
    let mut orbits: Vec<(&str, Vec<P>, usize)> = Vec::new();
    if n == 3 {
        orbits.push(("EDGE", cubies(coords, 2), 2));
    }
    orbits.push(("CORNER", cubies(coords, 3), 3));
    let mut t = format!("Name {n}x{n}x{n}\n\n");
    for (name, pos, o) in &orbits {
        let _ = writeln!(t, "Set {name} {} {o}", pos.len());
    }
    t += "\nSolved\n";
    for (name, pos, _) in &orbits {
        let nums: Vec<String> = (1..=pos.len()).map(|i| i.to_string()).collect();
        let _ = writeln!(t, "{name}\n{}", nums.join(" "));
    }
    t += "End\n";
    for (face, axis, side) in FACES {
        let _ = writeln!(t, "\nMove {face}");
        for (name, pos, _) in &orbits {
            let _ = writeln!(t, "{name}");
            move_lines(pos, axis, side, false, &mut t);
        }
        t += "End\n";
    }
    // The whole cube turned as R, U and F turn (twsearch's rotation
    // names): the symmetries the tables are read at.
    for (name, axis) in [("x", 0), ("y", 1), ("z", 2)] {
        let _ = writeln!(t, "\nMove {name}");
        for (orbit, pos, _) in &orbits {
            let _ = writeln!(t, "{orbit}");
            move_lines(pos, axis, 1, true, &mut t);
        }
        t += "End\n";
    }
    t
}

impl Definition {
    /// A built-in puzzle by name: `2x2x2` or `3x3x3` (face turns `F B D
    /// U L R`, built from the cube's geometry), or `None`.
    ///
    /// ```
    /// use puzzle_twisty::Definition;
    /// let cube = Definition::builtin("3x3x3").expect("built in")?;
    /// assert_eq!(cube.orbits().len(), 2);
    /// assert_eq!(cube.moves().len(), 6);
    /// assert!(Definition::builtin("4x4x4").is_none());
    /// # Ok::<(), puzzle_twisty::ParseError>(())
    /// ```
    pub fn builtin(name: &str) -> Option<Result<Definition, ParseError>> {
        match name {
            "2x2x2" => Some(Definition::parse(&cube_text(2))),
            "3x3x3" => Some(Definition::parse(&cube_text(3))),
            _ => None,
        }
    }

    /// The definition text of a built-in puzzle (see
    /// [`builtin`](Self::builtin)), in the `.tws` format.
    ///
    /// ```
    /// use puzzle_twisty::Definition;
    /// assert!(Definition::builtin_text("2x2x2").expect("built in").starts_with("Name 2x2x2"));
    /// ```
    pub fn builtin_text(name: &str) -> Option<String> {
        match name {
            "2x2x2" => Some(cube_text(2)),
            "3x3x3" => Some(cube_text(3)),
            _ => None,
        }
    }
}
