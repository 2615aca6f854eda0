//! Pictures of solutions: a strip of boards, left to right, as SVG (the
//! examples' `--svg FILE`). Each board is a frame with a title; cells can
//! be outlined (the cells a move takes) or marked (the cells a clearing
//! pass removes); row and column numbers run along the axes.

use std::fmt::Write as _;

/// One board of the strip.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frame {
    /// Shown above the board.
    pub title: String,
    /// `cells[r][c]`: the value drawn, `None` where the board has no cell
    /// (the Rotation Game's cross).
    pub cells: Vec<Vec<Option<u8>>>,
    /// Cells drawn with a thick outline, as `(r, c)`.
    pub outlined: Vec<(usize, usize)>,
    /// Cells crossed out, as `(r, c)`.
    pub marked: Vec<(usize, usize)>,
}

impl Frame {
    /// A frame of `rows x cols` cells, cell `(r, c)` given by `at`.
    ///
    /// ```
    /// let frame = puzzle_search_cli::svg::Frame::from_fn("start", 2, 3, |r, c| Some((r * 3 + c) as u8));
    /// assert_eq!(frame.cells[1], [Some(3), Some(4), Some(5)]);
    /// ```
    pub fn from_fn(
        title: impl Into<String>,
        rows: usize,
        cols: usize,
        at: impl Fn(usize, usize) -> Option<u8>,
    ) -> Self {
        Self {
            title: title.into(),
            cells: (0..rows)
                .map(|r| (0..cols).map(|c| at(r, c)).collect())
                .collect(),
            ..Self::default()
        }
    }
}

/// How a match-3 board is drawn and played, for [`match3_frames`].
pub trait Match3 {
    /// The board.
    type Board: Copy;
    /// A move.
    type Move: Copy + std::fmt::Display;
    /// The board as a frame titled `title`.
    fn frame(&self, title: String, board: &Self::Board) -> Frame;
    /// The two cells `mv` swaps, as `(r, c)` in the frame.
    fn cells(&self, mv: Self::Move) -> Vec<(usize, usize)>;
    /// The board right after the swap and fall of `mv`, nothing cleared.
    fn swap(&self, board: &Self::Board, mv: Self::Move) -> Option<Self::Board>;
    /// The cells the next clearing pass removes, as `(r, c)` in the frame.
    fn marked(&self, board: &Self::Board) -> Vec<(usize, usize)>;
    /// The board after one clearing pass; `None` when nothing clears.
    fn clear_pass(&self, board: &Self::Board) -> Option<Self::Board>;
}

/// A match-3 solution as frames: the start, then for each move the board
/// with the two cells it swaps outlined, then each clearing pass with the
/// cells it removes crossed out; the end.
pub fn match3_frames<G: Match3>(game: &G, start: G::Board, moves: &[G::Move]) -> Vec<Frame> {
    let mut frames = vec![game.frame("start".into(), &start)];
    let mut board = start;
    for (k, &m) in moves.iter().enumerate() {
        let mut before = game.frame(format!("move {}: {m}", k + 1), &board);
        before.outlined = game.cells(m);
        frames.push(before);
        let Some(mut next) = game.swap(&board, m) else {
            break;
        };
        let mut pass = 1;
        while let Some(after) = game.clear_pass(&next) {
            let mut cleared = game.frame(format!("move {}, pass {pass}", k + 1), &next);
            cleared.marked = game.marked(&next);
            frames.push(cleared);
            next = after;
            pass += 1;
        }
        board = next;
    }
    frames.push(game.frame("end".into(), &board));
    frames
}

/// How values look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Palette {
    /// Colours as on the terminal (value `v` in ANSI colour `v % 8`), the
    /// value written in the cell; 0 is an empty cell.
    Colours,
    /// One light fill for every value, the value written; 0 is an empty
    /// cell (sliding tiles).
    Numbers,
    /// 0 white, anything else black, nothing written (Flip Game).
    BlackWhite,
}

/// The terminal's eight ANSI colours, as `paint` draws them.
const ANSI: [&str; 8] = [
    "#2e3436", "#cc0000", "#4e9a06", "#c4a000", "#3465a4", "#75507b", "#06989a", "#d3d7cf",
];

const CELL: usize = 28;
const AXIS: usize = 18;
const TITLE: usize = 22;
const GAP: usize = 26;

/// The strip of `frames` as an SVG document; `row_labels` and
/// `col_labels` name the rows and columns along the axes (as the puzzle
/// names them in its moves).
///
/// ```
/// use puzzle_search_cli::svg::{Frame, Palette, strip};
/// let frame = Frame {
///     title: "start".into(),
///     cells: vec![vec![Some(1), Some(0)]],
///     outlined: vec![(0, 0)],
///     marked: vec![],
/// };
/// let svg = strip(&[frame], &["0".into()], &["0".into(), "1".into()], Palette::Colours);
/// assert!(svg.starts_with("<svg") && svg.contains("start") && svg.trim_end().ends_with("</svg>"));
/// ```
pub fn strip(
    frames: &[Frame],
    row_labels: &[String],
    col_labels: &[String],
    palette: Palette,
) -> String {
    let rows = frames.iter().map(|f| f.cells.len()).max().unwrap_or(0);
    let cols = frames
        .iter()
        .flat_map(|f| f.cells.iter().map(Vec::len))
        .max()
        .unwrap_or(0);
    // Each frame as wide as its board or its title, whichever is wider.
    let widths: Vec<usize> = frames
        .iter()
        .map(|f| (AXIS + cols * CELL).max(AXIS + 8 * f.title.chars().count()))
        .collect();
    let width = GAP + widths.iter().map(|w| w + GAP).sum::<usize>();
    let height = TITLE + AXIS + rows * CELL + GAP;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">"#
    );
    let _ = writeln!(
        out,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    let mut x0 = GAP;
    for (frame, frame_width) in frames.iter().zip(&widths) {
        let y0 = TITLE + AXIS;
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-weight="bold">{}</text>"#,
            x0 + AXIS,
            TITLE - 6,
            escape(&frame.title)
        );
        for (c, label) in col_labels.iter().enumerate().take(cols) {
            let _ = writeln!(
                out,
                r##"<text x="{}" y="{}" text-anchor="middle" fill="#555555">{}</text>"##,
                x0 + AXIS + c * CELL + CELL / 2,
                y0 - 5,
                escape(label)
            );
        }
        for (r, label) in row_labels.iter().enumerate().take(rows) {
            let _ = writeln!(
                out,
                r##"<text x="{}" y="{}" text-anchor="end" fill="#555555">{}</text>"##,
                x0 + AXIS - 4,
                y0 + r * CELL + CELL / 2 + 5,
                escape(label)
            );
        }
        for (r, line) in frame.cells.iter().enumerate() {
            for (c, cell) in line.iter().enumerate() {
                let Some(v) = *cell else { continue };
                let (x, y) = (x0 + AXIS + c * CELL, y0 + r * CELL);
                let (fill, ink) = look(v, palette);
                let _ = writeln!(
                    out,
                    r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#999999"/>"##
                );
                let written = match palette {
                    Palette::BlackWhite => false,
                    Palette::Colours | Palette::Numbers => v != 0,
                };
                if written {
                    let _ = writeln!(
                        out,
                        r#"<text x="{}" y="{}" text-anchor="middle" fill="{ink}">{v}</text>"#,
                        x + CELL / 2,
                        y + CELL / 2 + 5
                    );
                }
            }
        }
        for &(r, c) in &frame.marked {
            let (x, y) = (x0 + AXIS + c * CELL, y0 + r * CELL);
            let _ = writeln!(
                out,
                r##"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="#000000" stroke-width="2.5"/>"##,
                x + 4,
                y + 4,
                x + CELL - 4,
                y + CELL - 4,
                x + CELL - 4,
                y + 4,
                x + 4,
                y + CELL - 4
            );
        }
        for &(r, c) in &frame.outlined {
            let (x, y) = (x0 + AXIS + c * CELL, y0 + r * CELL);
            let _ = writeln!(
                out,
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#ff8c00" stroke-width="4"/>"##,
                x + 2,
                y + 2,
                CELL - 4,
                CELL - 4
            );
        }
        x0 += frame_width + GAP;
    }
    out.push_str("</svg>\n");
    out
}

/// The fill and the text colour of value `v`.
fn look(v: u8, palette: Palette) -> (&'static str, &'static str) {
    match (palette, v) {
        (Palette::BlackWhite, 0) => ("#ffffff", "#000000"),
        (Palette::BlackWhite, _) => ("#000000", "#ffffff"),
        (_, 0) => ("#f4f4f4", "#000000"),
        (Palette::Numbers, _) => ("#fbe7c6", "#000000"),
        (Palette::Colours, _) => {
            let fill = ANSI[usize::from(v % 8)];
            let ink = if matches!(v % 8, 3 | 7) {
                "#000000"
            } else {
                "#ffffff"
            };
            (fill, ink)
        }
    }
}

/// Text safe inside an SVG element.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Writes `svg` to `path`.
///
/// # Errors
/// The file cannot be written: one line naming it.
///
/// ```
/// let path = std::env::temp_dir().join(format!("strip-{}.svg", std::process::id()));
/// puzzle_search_cli::svg::save(&path.to_string_lossy(), "<svg/>")?;
/// std::fs::remove_file(&path).ok();
/// # Ok::<(), String>(())
/// ```
pub fn save(path: &str, svg: &str) -> Result<(), String> {
    std::fs::write(path, svg).map_err(|e| format!("cannot write {path}: {e}"))
}

/// `0..n` as labels.
///
/// ```
/// assert_eq!(puzzle_search_cli::svg::numbers(0..3), ["0", "1", "2"]);
/// ```
pub fn numbers(range: impl Iterator<Item = usize>) -> Vec<String> {
    range.map(|i| i.to_string()).collect()
}

/// A Flip Game or Fliptile solution as a strip: the board, the board with
/// the cells to press outlined, and the board after the presses (all one
/// colour); the board alone when there is no solution.
///
/// ```
/// use puzzle_flip::Grid;
/// let mut board = Grid::new(3, 3);
/// board.press(1, 1);
/// let mut presses = Grid::new(3, 3);
/// presses.set(1, 1, true);
/// let svg = puzzle_search_cli::svg::flip_picture(&board, Some(&presses));
/// assert_eq!(svg.matches("stroke-width=\"4\"").count(), 1); // one press outlined
/// ```
pub fn flip_picture(board: &puzzle_flip::Grid, presses: Option<&puzzle_flip::Grid>) -> String {
    let frame = |title: &str, grid: &puzzle_flip::Grid| Frame {
        title: title.to_string(),
        cells: (0..grid.rows())
            .map(|r| {
                (0..grid.cols())
                    .map(|c| Some(u8::from(grid.get(r, c))))
                    .collect()
            })
            .collect(),
        ..Frame::default()
    };
    let mut frames = vec![frame("start", board)];
    match presses {
        Some(presses) => {
            let mut pressing = frame("presses", board);
            pressing.outlined = (0..presses.rows())
                .flat_map(|r| (0..presses.cols()).map(move |c| (r, c)))
                .filter(|&(r, c)| presses.get(r, c))
                .collect();
            frames.push(pressing);
            frames.push(frame("end", &board.apply(presses)));
        }
        None => frames[0].title = "start: no solution".to_string(),
    }
    let rows = numbers(0..board.rows());
    strip(
        &frames,
        &rows,
        &numbers(0..board.cols()),
        Palette::BlackWhite,
    )
}
