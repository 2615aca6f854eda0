//! [`Moves`]: a definition's moves with their powers, named as twsearch
//! names them, in the order that defines the lexicographic tie-break.

use std::fmt;

use crate::model::definition::Definition;
use crate::model::position::Position;

/// The most a move's order may be (its powers are all searched).
pub const MAX_ORDER: usize = 255;

/// The most moves with their powers a [`Moves`] holds: a move is a `u16`
/// everywhere it is searched or stored (a scramble's moves, a solution),
/// so more would be numbered wrongly.
///
/// ```
/// assert_eq!(puzzle_twisty::MAX_MOVES, 65_535);
/// ```
pub const MAX_MOVES: usize = u16::MAX as usize;

/// The moves a search plays: every power of each chosen move below its
/// order, named as twsearch names them (`U`, `U2`, `U'` for a move of
/// order 4; `U`, `U'` for order 3; `U`, `U2`, `U2'`, `U'` for order 5:
/// powers above half the order are written as inverses). Ordered by the
/// definition's move order, then power (`U < U2 < U'`): the order in
/// which answers are lexicographically smallest.
///
/// ```
/// use puzzle_twisty::{Definition, Moves};
/// let def = Definition::parse("\
/// Set P 4 1
/// Solved
/// P
/// 1 2 3 4
/// End
/// Move R
/// P
/// 2 3 4 1
/// End
/// ")?;
/// let moves = Moves::all(&def)?;
/// assert_eq!(moves.names(), ["R", "R2", "R'"]);
/// assert_eq!(moves.inverse(0), Some(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Moves {
    names: Vec<String>,
    perms: Vec<Position>,
    /// Each move's base move (index in the definition's moves).
    base: Vec<usize>,
    /// Each move's power of its base move (1 to order - 1).
    power: Vec<usize>,
    /// Each move's base move's order.
    order: Vec<usize>,
    /// Each move's inverse among these moves, if chosen.
    inverse: Vec<Option<usize>>,
}

/// Why [`Moves`] refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovesError {
    kind: MovesErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum MovesErrorKind {
    Order(String),
    Identity(String),
    /// A name chosen that is no move nor power, and the powers of the
    /// move whose name it starts with, if any (a hint).
    Unknown(String, Option<Vec<String>>),
    Empty,
    /// More move powers than a move index (`u16`) numbers.
    TooMany(usize),
}

impl fmt::Display for MovesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            MovesErrorKind::Order(m) => {
                write!(f, "move `{m}`: its order is above {MAX_ORDER}")
            }
            MovesErrorKind::Identity(m) => write!(f, "move `{m}` changes nothing"),
            MovesErrorKind::Unknown(m, None) => write!(f, "no move `{m}` (nor a power of one)"),
            MovesErrorKind::Unknown(m, Some(powers)) => write!(
                f,
                "no move `{m}`: the powers of that move are {}",
                powers.join(" ")
            ),
            MovesErrorKind::Empty => f.write_str("no moves chosen"),
            MovesErrorKind::TooMany(n) => write!(
                f,
                "{n} moves with their powers: at most {MAX_MOVES} are searched (choose some with --moves)"
            ),
        }
    }
}

impl std::error::Error for MovesError {}

impl Moves {
    /// Every move of `def` with its powers.
    ///
    /// # Errors
    /// A move whose order is above [`MAX_ORDER`], or that is the identity;
    /// more than [`MAX_MOVES`] moves with their powers.
    pub fn all(def: &Definition) -> Result<Self, MovesError> {
        Self::build(def, &[])
    }

    /// The moves named in `names` (a move's name takes all its powers, a
    /// power's name such as `U2` that power alone), in the definition's
    /// order whatever the order of `names`: twsearch's `--moves U,F,R`.
    ///
    /// # Errors
    /// A name no move or power has, no name, or as [`all`](Self::all).
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves};
    /// let def = Definition::parse("Set P 3 1\nSolved\nP\n1 2 3\nEnd\nMove A\nP\n2 1 3\nEnd\nMove B\nP\n1 3 2\nEnd\n")?;
    /// assert_eq!(Moves::select(&def, &["B"])?.names(), ["B"]);
    /// assert!(Moves::select(&def, &["C"]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn select(def: &Definition, names: &[&str]) -> Result<Self, MovesError> {
        if names.is_empty() {
            return Err(MovesError {
                kind: MovesErrorKind::Empty,
            });
        }
        Self::build(def, names)
    }

    fn build(def: &Definition, chosen: &[&str]) -> Result<Self, MovesError> {
        let orbits = def.orbits();
        let id = Position::identity(orbits);
        let mut all = Moves {
            names: Vec::new(),
            perms: Vec::new(),
            base: Vec::new(),
            power: Vec::new(),
            order: Vec::new(),
            inverse: Vec::new(),
        };
        let mut found = vec![false; chosen.len()];
        let mut powers_of: Vec<(String, Vec<String>)> = Vec::new();
        for (b, (name, m)) in def.moves().iter().enumerate() {
            if *m == id {
                return Err(MovesError {
                    kind: MovesErrorKind::Identity(name.clone()),
                });
            }
            let mut powers = vec![m.clone()];
            loop {
                let next = powers[powers.len() - 1].then(m, orbits);
                if next == id {
                    break;
                }
                if powers.len() + 1 >= MAX_ORDER {
                    return Err(MovesError {
                        kind: MovesErrorKind::Order(name.clone()),
                    });
                }
                powers.push(next);
            }
            let order = powers.len() + 1;
            // Every copy of a name chosen twice is found.
            let whole = chosen.iter().position(|c| c == name);
            for (i, c) in chosen.iter().enumerate() {
                if c == name {
                    found[i] = true;
                }
            }
            let mut named = Vec::new();
            for (k, p) in powers.into_iter().enumerate() {
                let power = k + 1;
                let pname = power_name(name, power, order);
                let one = chosen.iter().position(|c| *c == pname);
                for (i, c) in chosen.iter().enumerate() {
                    if *c == pname {
                        found[i] = true;
                    }
                }
                named.push(pname.clone());
                if chosen.is_empty() || whole.is_some() || one.is_some() {
                    all.names.push(pname);
                    all.perms.push(p);
                    all.base.push(b);
                    all.power.push(power);
                    all.order.push(order);
                }
            }
            powers_of.push((name.clone(), named));
        }
        if let Some(i) = found.iter().position(|f| !f) {
            // A hint: the powers of the longest move name the unknown one
            // starts with (`R2` where `R` is a half turn named `R`).
            let hint = powers_of
                .into_iter()
                .filter(|(base, _)| chosen[i].starts_with(base.as_str()))
                .max_by_key(|(base, _)| base.len())
                .map(|(_, named)| named);
            return Err(MovesError {
                kind: MovesErrorKind::Unknown(chosen[i].to_string(), hint),
            });
        }
        if all.perms.len() > MAX_MOVES {
            return Err(MovesError {
                kind: MovesErrorKind::TooMany(all.perms.len()),
            });
        }
        all.inverse = inverses(&all.perms, orbits);
        Ok(all)
    }

    /// These moves in the quarter-turn metric (twsearch's `-q`): only
    /// those that turn once either way (`U`, `U'`; a move of order 2
    /// itself), so that a sequence's length counts quarter turns (`U2`
    /// is `U U`, two).
    ///
    /// # Errors
    /// When no move is left (`--moves U2 -q`).
    ///
    /// ```
    /// use puzzle_twisty::{Definition, Moves};
    /// let cube = Definition::builtin("2x2x2").expect("built in")?;
    /// let q = Moves::select(&cube, &["U", "R"])?.quarter(&cube)?;
    /// assert_eq!(q.names(), ["U", "U'", "R", "R'"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn quarter(&self, def: &Definition) -> Result<Self, MovesError> {
        let keep: Vec<usize> = (0..self.len())
            .filter(|&i| self.power[i].min(self.order[i] - self.power[i]) == 1)
            .collect();
        if keep.is_empty() {
            return Err(MovesError {
                kind: MovesErrorKind::Empty,
            });
        }
        let pick = |v: &[usize]| keep.iter().map(|&i| v[i]).collect::<Vec<usize>>();
        let perms: Vec<Position> = keep.iter().map(|&i| self.perms[i].clone()).collect();
        Ok(Moves {
            names: keep.iter().map(|&i| self.names[i].clone()).collect(),
            inverse: inverses(&perms, def.orbits()),
            perms,
            base: pick(&self.base),
            power: pick(&self.power),
            order: pick(&self.order),
        })
    }

    /// How many moves.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether there are none (never, for a built set).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The moves' names, in order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Move `i` as a permutation with orientations.
    ///
    /// # Panics
    /// When `i` is out of range.
    pub fn get(&self, i: usize) -> &Position {
        &self.perms[i]
    }

    /// The index of move `i`'s inverse, if it is among these moves.
    ///
    /// # Panics
    /// When `i` is out of range.
    pub fn inverse(&self, i: usize) -> Option<usize> {
        self.inverse[i]
    }

    /// The move named `name`, if any.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// Move `i`'s base move (its index in the definition's moves) and
    /// power.
    ///
    /// # Panics
    /// When `i` is out of range.
    pub fn base(&self, i: usize) -> (usize, usize) {
        (self.base[i], self.power[i])
    }
}

/// Each move's inverse among `perms`, where there.
/// Looked up by hash (the first move of each position): a definition of
/// 128,778 move powers took 38 s here by linear search.
fn inverses(perms: &[Position], orbits: &[crate::model::position::Orbit]) -> Vec<Option<usize>> {
    let mut index: std::collections::HashMap<&Position, usize> =
        std::collections::HashMap::with_capacity(perms.len());
    for (j, p) in perms.iter().enumerate() {
        index.entry(p).or_insert(j);
    }
    perms
        .iter()
        .map(|p| index.get(&p.inverse(orbits)).copied())
        .collect()
}

/// twsearch's name of `base`'s `power`-th power, the move's order being
/// `order`: powers past half the order are written as inverses (`U'`,
/// `U2'`), the first power plainly.
///
/// ```
/// use puzzle_twisty::power_name;
/// assert_eq!(power_name("U", 1, 4), "U");
/// assert_eq!(power_name("U", 2, 4), "U2");
/// assert_eq!(power_name("U", 3, 4), "U'");
/// assert_eq!(power_name("R", 3, 5), "R2'");
/// assert_eq!(power_name("S", 1, 2), "S");
/// ```
pub fn power_name(base: &str, power: usize, order: usize) -> String {
    // The turn, signed: `order - power` the other way when that is less.
    let back = order - power;
    let (amount, inverse) = if back < power {
        (back, true)
    } else {
        (power, false)
    };
    let mut s = base.to_string();
    if amount != 1 {
        s += &amount.to_string();
    }
    if inverse {
        s.push('\'');
    }
    s
}
