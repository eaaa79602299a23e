//! The keyboard's keys: four rows a layout, each key a cap and a width, and where each
//! lies in the keyboard's box.

use sprig::Size2;

/// Which keys a [`Keyboard`](crate::Keyboard) shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum KeyboardLayout {
    /// Lower-case letters (the default).
    #[default]
    Lower,
    /// Upper-case letters (Shift on).
    Upper,
    /// Digits and common punctuation.
    Numbers,
    /// The rest of ASCII's punctuation.
    Symbols,
}

/// What a key of a [`Keyboard`](crate::Keyboard) does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyCap {
    /// Types the character (upper case in [`KeyboardLayout::Upper`]).
    Char(char),
    /// Types a space.
    Space,
    /// Deletes the selection or the character before the cursor.
    Backspace,
    /// Switches between lower and upper case.
    Shift,
    /// Switches to a layout.
    Layout(KeyboardLayout),
    /// A line break in a multi-line text area; OK in a one-line one.
    Return,
    /// Submits the text.
    Ok,
    /// Puts the text back as it was and closes.
    Cancel,
}

impl KeyCap {
    /// Whether it is drawn as a special key (darker).
    pub(crate) fn is_special(self) -> bool {
        !matches!(self, KeyCap::Char(_) | KeyCap::Space)
    }
}

/// A key: its cap and its width in half keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KeyDef {
    pub cap: KeyCap,
    pub halves: u8,
}

const fn c(ch: char) -> KeyDef {
    KeyDef {
        cap: KeyCap::Char(ch),
        halves: 2,
    }
}

const fn wide(cap: KeyCap, halves: u8) -> KeyDef {
    KeyDef { cap, halves }
}

/// Rows of keys, top first.
pub(crate) type Rows = [&'static [KeyDef]; ROWS];

/// Rows a layout has.
pub(crate) const ROWS: usize = 4;

const fn bottom(mode: KeyboardLayout) -> [KeyDef; 5] {
    [
        wide(KeyCap::Layout(mode), 3),
        wide(KeyCap::Cancel, 3),
        wide(KeyCap::Space, 8),
        wide(KeyCap::Return, 3),
        wide(KeyCap::Ok, 3),
    ]
}

static LETTERS_0: [KeyDef; 10] = [
    c('q'),
    c('w'),
    c('e'),
    c('r'),
    c('t'),
    c('y'),
    c('u'),
    c('i'),
    c('o'),
    c('p'),
];
static LETTERS_1: [KeyDef; 9] = [
    c('a'),
    c('s'),
    c('d'),
    c('f'),
    c('g'),
    c('h'),
    c('j'),
    c('k'),
    c('l'),
];
static LETTERS_2: [KeyDef; 9] = [
    wide(KeyCap::Shift, 3),
    c('z'),
    c('x'),
    c('c'),
    c('v'),
    c('b'),
    c('n'),
    c('m'),
    wide(KeyCap::Backspace, 3),
];
static LETTERS_3: [KeyDef; 5] = bottom(KeyboardLayout::Numbers);

static NUMBERS_0: [KeyDef; 10] = [
    c('1'),
    c('2'),
    c('3'),
    c('4'),
    c('5'),
    c('6'),
    c('7'),
    c('8'),
    c('9'),
    c('0'),
];
static NUMBERS_1: [KeyDef; 10] = [
    c('-'),
    c('/'),
    c(':'),
    c(';'),
    c('('),
    c(')'),
    c('$'),
    c('&'),
    c('@'),
    c('"'),
];
static NUMBERS_2: [KeyDef; 7] = [
    wide(KeyCap::Layout(KeyboardLayout::Symbols), 3),
    c('.'),
    c(','),
    c('?'),
    c('!'),
    c('\''),
    wide(KeyCap::Backspace, 3),
];
static SYMBOLS_0: [KeyDef; 10] = [
    c('['),
    c(']'),
    c('{'),
    c('}'),
    c('#'),
    c('%'),
    c('^'),
    c('*'),
    c('+'),
    c('='),
];
static SYMBOLS_1: [KeyDef; 7] = [c('_'), c('\\'), c('|'), c('~'), c('<'), c('>'), c('`')];
static SYMBOLS_2: [KeyDef; 7] = [
    wide(KeyCap::Layout(KeyboardLayout::Numbers), 3),
    c('.'),
    c(','),
    c('?'),
    c('!'),
    c('\''),
    wide(KeyCap::Backspace, 3),
];
static OTHER_3: [KeyDef; 5] = bottom(KeyboardLayout::Lower);

/// The rows of `layout`.
pub(crate) fn rows(layout: KeyboardLayout) -> Rows {
    match layout {
        KeyboardLayout::Lower | KeyboardLayout::Upper => {
            [&LETTERS_0, &LETTERS_1, &LETTERS_2, &LETTERS_3]
        }
        KeyboardLayout::Numbers => [&NUMBERS_0, &NUMBERS_1, &NUMBERS_2, &OTHER_3],
        KeyboardLayout::Symbols => [&SYMBOLS_0, &SYMBOLS_1, &SYMBOLS_2, &OTHER_3],
    }
}

/// A key's box in the keyboard's own space (origin bottom-left, y up), in whole
/// pixels: `(x0, y0, x1, y1)`, x1 and y1 excluded.
pub(crate) fn key_box(size: Size2, row: &[KeyDef], row_index: usize, key: usize) -> [i32; 4] {
    let total: u32 = row.iter().map(|k| u32::from(k.halves)).sum();
    let before: u32 = row.iter().take(key).map(|k| u32::from(k.halves)).sum();
    let halves = row.get(key).map_or(0, |k| u32::from(k.halves));
    let width = libm::floorf(size.width).max(0.0) as i64;
    let height = libm::floorf(size.height).max(0.0) as i64;
    let total = i64::from(total.max(1));
    let x0 = width * i64::from(before) / total;
    let x1 = width * i64::from(before + halves) / total;
    let rows = ROWS as i64;
    let r = row_index as i64;
    let y1 = height - height * r / rows;
    let y0 = height - height * (r + 1) / rows;
    [x0 as i32, y0 as i32, x1 as i32, y1 as i32]
}

/// The key at `(x, y)` of the keyboard's own space, as `(row, key)`.
pub(crate) fn key_at(
    size: Size2,
    layout: KeyboardLayout,
    x: f32,
    y: f32,
) -> Option<(usize, usize)> {
    let (px, py) = (libm::floorf(x) as i32, libm::floorf(y) as i32);
    for (r, row) in rows(layout).iter().enumerate() {
        for k in 0..row.len() {
            let [x0, y0, x1, y1] = key_box(size, row, r, k);
            if px >= x0 && px < x1 && py >= y0 && py < y1 {
                return Some((r, k));
            }
        }
    }
    None
}

/// The key of row `to` whose centre is nearest to the centre of key `key` of row
/// `from` (the first of two as near).
pub(crate) fn nearest_in_row(layout: KeyboardLayout, from: usize, key: usize, to: usize) -> usize {
    let all = rows(layout);
    let centre = |row: &[KeyDef], k: usize| {
        // In fractions of the row's width, scaled to stay whole: 2 × halves before + own.
        let total: u32 = row.iter().map(|d| u32::from(d.halves)).sum();
        let before: u32 = row.iter().take(k).map(|d| u32::from(d.halves)).sum();
        let own = row.get(k).map_or(0, |d| u32::from(d.halves));
        (2 * before + own) as f32 / (2 * total.max(1)) as f32
    };
    let (Some(a), Some(b)) = (all.get(from), all.get(to)) else {
        return 0;
    };
    let here = centre(a, key);
    let mut best = (0, f32::MAX);
    for k in 0..b.len() {
        let d = (centre(b, k) - here).abs();
        if d < best.1 {
            best = (k, d);
        }
    }
    best.0
}
