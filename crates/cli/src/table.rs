//! Plain-text tables whose columns fit their widest cell: the tour's
//! showcase and quick tables (a fixed width let a long name push its row
//! out of line).

/// How a column's cells line up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Padded on the right (names).
    Left,
    /// Padded on the left (numbers, times).
    Right,
}

/// One line of a table: a group heading (printed as it is, on a line of
/// its own) or a row of cells.
#[derive(Clone, Debug)]
enum Line {
    Heading(String),
    Row(Vec<String>),
}

/// A table: a header, then rows and group headings. Every column but the
/// last is as wide as its widest cell (the header's included); the last
/// is left as it is (free text). Rows under a heading are indented by
/// `indent` spaces.
///
/// ```
/// use puzzle_search_cli::table::{Align, Table};
/// let mut t = Table::new(&[("way", Align::Left), ("time", Align::Right), ("answer", Align::Left)], 2);
/// t.heading("15-puzzle");
/// t.row(["IDA*, Manhattan distance", "3.1s", "50 moves"]);
/// t.row(["tables", "0.1s", "50 moves"]);
/// let lines = t.lines();
/// assert_eq!(lines[0], "way                        time  answer");
/// assert_eq!(lines[2], "15-puzzle");
/// assert_eq!(lines[3], "  IDA*, Manhattan distance 3.1s  50 moves");
/// assert_eq!(lines[4], "  tables                   0.1s  50 moves");
/// ```
#[derive(Clone, Debug)]
pub struct Table {
    columns: Vec<(String, Align)>,
    indent: usize,
    lines: Vec<Line>,
}

impl Table {
    /// A table with these column names and alignments; rows under a
    /// heading are indented by `indent` spaces.
    pub fn new(columns: &[(&str, Align)], indent: usize) -> Self {
        Self {
            columns: columns.iter().map(|&(n, a)| (n.to_string(), a)).collect(),
            indent,
            lines: Vec::new(),
        }
    }

    /// A group heading, on a line of its own (after a blank line).
    pub fn heading(&mut self, text: impl Into<String>) {
        self.lines.push(Line::Heading(text.into()));
    }

    /// A row: one cell a column (missing cells are empty, extra ones
    /// dropped).
    pub fn row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) {
        let mut cells: Vec<String> = cells.into_iter().map(Into::into).collect();
        cells.resize(self.columns.len(), String::new());
        self.lines.push(Line::Row(cells));
    }

    /// The table's lines, without trailing spaces.
    pub fn lines(&self) -> Vec<String> {
        let width = |s: &str| s.chars().count();
        let n = self.columns.len();
        let grouped = self.lines.iter().any(|l| matches!(l, Line::Heading(_)));
        let indent = if grouped { self.indent } else { 0 };
        // The first column holds the indent in rows, not in the header.
        let mut widths: Vec<usize> = self.columns.iter().map(|(c, _)| width(c)).collect();
        for line in &self.lines {
            if let Line::Row(cells) = line {
                for (i, cell) in cells.iter().enumerate() {
                    let w = width(cell) + if i == 0 { indent } else { 0 };
                    widths[i] = widths[i].max(w);
                }
            }
        }
        let render = |cells: &[String], first_indent: usize| {
            let mut out = String::new();
            for (i, cell) in cells.iter().enumerate() {
                let (_, align) = self.columns[i];
                if i > 0 {
                    out.push_str(if i + 1 == n { "  " } else { " " });
                }
                let w = if i == 0 {
                    widths[0] - first_indent
                } else {
                    widths[i]
                };
                if i == 0 {
                    out.push_str(&" ".repeat(first_indent));
                }
                let pad = w.saturating_sub(width(cell));
                if i + 1 == n {
                    out.push_str(cell);
                } else if align == Align::Left {
                    out.push_str(cell);
                    out.push_str(&" ".repeat(pad));
                } else {
                    out.push_str(&" ".repeat(pad));
                    out.push_str(cell);
                }
            }
            out.trim_end().to_string()
        };
        let header: Vec<String> = self.columns.iter().map(|(c, _)| c.clone()).collect();
        let mut out = vec![render(&header, 0)];
        for line in &self.lines {
            match line {
                Line::Heading(h) => {
                    out.push(String::new());
                    out.push(h.clone());
                }
                Line::Row(cells) => out.push(render(cells, indent)),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row's columns start where the header's do, however long a
    /// name: the columns after the first start at the same offset in
    /// every line.
    #[test]
    fn columns_line_up_with_the_longest_names() {
        let mut t = Table::new(
            &[
                ("way", Align::Left),
                ("threads", Align::Right),
                ("nodes", Align::Right),
                ("answer", Align::Left),
            ],
            2,
        );
        t.heading("Rotation Game");
        t.row([
            "IDA*, classic bound (8 - most of one number in the centre)",
            "1",
            "123456",
            "13 moves",
        ]);
        t.row(["exact pattern database, walked", "2", "13", "13 moves"]);
        t.heading("15-puzzle, 400 random moves (a long board description)");
        t.row(["IDA*, Manhattan distance", "2", "9", "50 moves"]);
        let lines = t.lines();
        let rows: Vec<&String> = lines
            .iter()
            .filter(|l| l.ends_with("moves") || l.ends_with("answer"))
            .collect();
        assert_eq!(rows.len(), 4);
        // "answer" starts at one offset in the header and every row.
        let at = rows[0].find("answer").expect("the header");
        for r in &rows[1..] {
            assert_eq!(r.find(" moves").map(|i| i - 2), Some(at), "{r}");
        }
        // Numbers end at one offset: the nodes column's right edge.
        let edge = rows[0].find("nodes").expect("header") + "nodes".len();
        assert!(edge > "  IDA*, classic bound (8 - most of one number in the centre)".len());
        for r in &rows[1..] {
            let before = &r[..edge];
            assert!(before.ends_with(|c: char| c.is_ascii_digit()), "{r}");
            assert_eq!(r.as_bytes()[edge], b' ');
        }
        // Headings stand alone.
        assert!(lines.contains(&"Rotation Game".to_string()));
    }
}
