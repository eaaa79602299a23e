//! Where a text area's characters are: lines split at `'\n'`, positions counted in
//! characters (not bytes, so a multi-byte character is one step of the cursor), and
//! the pen's x at each character boundary, measured with the label's font.

use sprig::render::font::Font;

/// How many characters `text` holds.
pub(crate) fn char_count(text: &str) -> usize {
    text.chars().count()
}

/// The byte offset of character boundary `index` (the end for one past the last).
pub(crate) fn byte_of(text: &str, index: usize) -> usize {
    text.char_indices()
        .nth(index)
        .map_or(text.len(), |(byte, _)| byte)
}

/// The line and the column (both counted from 0, the column in characters) of
/// character boundary `index`.
pub(crate) fn locate(text: &str, index: usize) -> (usize, usize) {
    let (mut line, mut column) = (0, 0);
    for c in text.chars().take(index) {
        if c == '\n' {
            line += 1;
            column = 0;
        } else {
            column += 1;
        }
    }
    (line, column)
}

/// Line `line` of `text` (empty past the last).
pub(crate) fn line_of(text: &str, line: usize) -> &str {
    text.split('\n').nth(line).unwrap_or("")
}

/// How many lines `text` has (an empty text has one).
pub(crate) fn line_count(text: &str) -> usize {
    text.split('\n').count()
}

/// The character boundary at `column` of `line` (the column clamped to the line).
pub(crate) fn index_of(text: &str, line: usize, column: usize) -> usize {
    let before: usize = text.split('\n').take(line).map(|l| char_count(l) + 1).sum();
    before + column.min(char_count(line_of(text, line)))
}

/// The pen's x after the first `column` characters of `line`, in pixels.
pub(crate) fn pen(font: &Font, line: &str, column: usize) -> i32 {
    font.text_width(line.get(..byte_of(line, column)).unwrap_or(line))
}

/// The column of `line` whose boundary is nearest to `x` (the first of two as near).
pub(crate) fn nearest_column(font: &Font, line: &str, x: i32) -> usize {
    let mut best = (0, x.saturating_abs());
    for column in 1..=char_count(line) {
        let distance = (pen(font, line, column) - x).saturating_abs();
        if distance < best.1 {
            best = (column, distance);
        }
    }
    best.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_count_characters() {
        let text = "ab\né\n";
        assert_eq!(char_count(text), 5);
        assert_eq!(byte_of(text, 4), 5);
        assert_eq!(locate(text, 4), (1, 1));
        assert_eq!(locate(text, 5), (2, 0));
        assert_eq!(line_count(text), 3);
        assert_eq!(index_of(text, 1, 9), 4);
        assert_eq!(line_of(text, 1), "é");
    }
}
