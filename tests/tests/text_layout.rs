//! Label layout like Cocos's `cc.Label`, pixel for pixel: alignment in the box, line
//! height, wrapping at word boundaries, the overflow modes, background, capacity. The
//! font is a block font (every printable glyph a filled 2 × 2 cell, 1 pixel apart), so
//! that each picture shows where the glyphs went.

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::render::font::{CellFont, Font};
use sprig::render::{Draw, HorizontalAlign, Label, Overflow, Renderer, VerticalAlign};
use sprig::{world, Error, Rect, Size2, Vec2};
use sprig_tests::framebuffer::Framebuffer;

/// A label of 64 bytes.
type Text64 = Label<64>;

world! {
    /// One label.
    type W = World {
        nodes: 4,
        components: Scene {
            Text64: 2,
        },
    };
}

/// Every printable character a filled 2 × 2 block, the space empty; advance 3, line 2.
fn blocks() -> Font {
    // 95 glyphs of 4 bits, all set but the space's (the first nibble).
    let mut data = vec![0xFFu8; 48];
    data[0] = 0xF0; // least significant bit first
    let font = CellFont {
        first: ' ',
        last: '~',
        width: 2,
        height: 2,
        spacing: 1,
        replacement: '?',
        data: Box::leak(data.into_boxed_slice()),
    };
    Font::from(&*Box::leak(Box::new(font)))
}

/// `label` on a node of content `size` with anchor (0, 0) at the screen's bottom-left
/// corner (so the content box is the whole `size` screen), as rows of `#` (text), `o`
/// (background) and `.`.
fn picture(label: Text64, size: (u32, u32)) -> Vec<String> {
    picture_at(
        label,
        size,
        (0.0, 0.0),
        (size.0 as f32, size.1 as f32),
        (0.0, 0.0),
    )
}

fn picture_at(
    label: Text64,
    screen: (u32, u32),
    anchor: (f32, f32),
    content: (f32, f32),
    at: (f32, f32),
) -> Vec<String> {
    let mut w = W::new();
    let root = w.root();
    let n = w.create_child(root, "label").unwrap();
    w.set_anchor(n, Vec2::new(anchor.0, anchor.1)).unwrap();
    w.set_content_size(n, Size2::new(content.0, content.1))
        .unwrap();
    w.set_position(n, Vec2::new(at.0, at.1)).unwrap();
    w.add_component(n, label).unwrap();
    let mut fb = Framebuffer::new(screen.0, screen.1, Rgb888::BLACK);
    let mut r: Renderer<Rgb888, 4, 64> = Renderer::new(
        Size::new(screen.0, screen.1),
        Rgb888::BLACK,
        BusCost::new(16, 0),
    );
    r.render(&mut w, &mut fb).unwrap();
    (0..screen.1)
        .map(|y| {
            (0..screen.0)
                .map(|x| match fb.get(x, y) {
                    Rgb888::WHITE => '#',
                    Rgb888::BLACK => '.',
                    _ => 'o',
                })
                .collect()
        })
        .collect()
}

fn label(text: &str) -> Text64 {
    Text64::try_new(text).unwrap().with_font(blocks())
}

#[test]
fn clamp_wraps_at_word_boundaries_top_left() {
    // Width 12: "ab cd" would be 14 wide, so each word goes on its own line.
    let l = label("ab cd ef")
        .with_overflow(Overflow::Clamp)
        .with_align(HorizontalAlign::Left, VerticalAlign::Top)
        .with_line_height(3);
    assert_eq!(
        picture(l, (12, 9)),
        [
            "##.##.......",
            "##.##.......",
            "............",
            "##.##.......",
            "##.##.......",
            "............",
            "##.##.......",
            "##.##.......",
            "............",
        ]
    );
}

#[test]
fn centre_alignment_centres_each_line_and_the_block() {
    // Width 14: "ab cd" (14) fits, "ef" (5) is centred at floor((14 − 5) / 2) = 4; the
    // block of 2 lines × 3 is centred at floor((7 − 6) / 2) = 0.
    let l = label("ab cd ef")
        .with_overflow(Overflow::Clamp)
        .with_line_height(3);
    assert_eq!(
        picture(l, (14, 7)),
        [
            "##.##....##.##",
            "##.##....##.##",
            "..............",
            "....##.##.....",
            "....##.##.....",
            "..............",
            "..............",
        ]
    );
}

#[test]
fn right_bottom_alignment() {
    // "a bc" is 11 wide: x = 12 − 11 = 1; two rows at the bottom of four.
    let l = label("a bc")
        .with_overflow(Overflow::Clamp)
        .with_align(HorizontalAlign::Right, VerticalAlign::Bottom)
        .with_wrap(false);
    assert_eq!(
        picture(l, (12, 4)),
        [
            "............",
            "............",
            ".##....##.##",
            ".##....##.##",
        ]
    );
}

#[test]
fn clamp_cuts_what_does_not_fit_and_wrap_off_keeps_one_line() {
    let l = label("abcd")
        .with_overflow(Overflow::Clamp)
        .with_align(HorizontalAlign::Left, VerticalAlign::Top)
        .with_wrap(false);
    assert_eq!(picture(l, (7, 2)), ["##.##.#", "##.##.#"]);
}

#[test]
fn a_word_wider_than_the_box_is_broken_between_characters() {
    let l = label("abcd")
        .with_overflow(Overflow::Clamp)
        .with_align(HorizontalAlign::Left, VerticalAlign::Top);
    assert_eq!(picture(l, (6, 4)), ["##.##.", "##.##.", "##.##.", "##.##."]);
}

#[test]
fn explicit_line_breaks_and_line_height() {
    let l = label("a\nbc")
        .with_overflow(Overflow::Clamp)
        .with_align(HorizontalAlign::Left, VerticalAlign::Top)
        .with_line_height(4);
    assert_eq!(
        picture(l, (6, 6)),
        ["##....", "##....", "......", "......", "##.##.", "##.##."]
    );
}

#[test]
fn shrink_scales_the_glyphs_until_the_text_fits() {
    // "ab" is 5 × 2; in a 5 × 1 box only scale 8/16 fits. Pixel centre x + 0.5 samples
    // text column 2x + 1: 'a' (0–1), 'b' (3–4), then the gap.
    let l = label("ab")
        .with_overflow(Overflow::Shrink)
        .with_align(HorizontalAlign::Left, VerticalAlign::Top)
        .with_wrap(false);
    assert_eq!(picture(l, (5, 1)), ["##..."]);
    // The same text in a box it fits keeps scale 1.
    let l = label("ab")
        .with_overflow(Overflow::Shrink)
        .with_align(HorizontalAlign::Left, VerticalAlign::Top);
    assert_eq!(picture(l, (5, 2)), ["##.##", "##.##"]);
}

#[test]
fn resize_height_takes_the_content_width_and_the_texts_height() {
    let l = label("ab cd")
        .with_overflow(Overflow::ResizeHeight)
        .with_align(HorizontalAlign::Left, VerticalAlign::Top)
        .with_line_height(3);
    // Content 8 × 1 at anchor (0, 0): the box is 8 wide and two lines (6) tall.
    assert_eq!(
        l.local_bounds(Rect::new(0.0, 0.0, 8.0, 1.0)),
        Rect::new(0.0, 0.0, 8.0, 6.0)
    );
    assert_eq!(
        picture_at(l, (8, 6), (0.0, 0.0), (8.0, 1.0), (0.0, 0.0)),
        ["##.##...", "##.##...", "........", "##.##...", "##.##...", "........"]
    );
}

#[test]
fn overflow_none_is_the_texts_own_box_and_does_not_wrap() {
    // "a\nbcd": 8 × 4, the short line centred in it (x = 3); the box centred on the
    // node at (5, 3) of a 10 × 6 screen: top-left (1, 1).
    let l = label("a\nbcd");
    assert_eq!(l.size(), Size::new(8, 4));
    assert_eq!(
        picture_at(l, (10, 6), (0.5, 0.5), (0.0, 0.0), (5.0, 3.0)),
        [
            "..........",
            "....##....",
            "....##....",
            ".##.##.##.",
            ".##.##.##.",
            "..........",
        ]
    );
}

/// Where the ink of `pic` starts, `(column, row)`, and its size.
fn ink(pic: &[String]) -> ((usize, usize), (usize, usize)) {
    let rows: Vec<usize> = (0..pic.len()).filter(|&y| pic[y].contains('#')).collect();
    let cols: Vec<usize> = (0..pic[0].len())
        .filter(|&x| pic.iter().any(|r| r.as_bytes()[x] == b'#'))
        .collect();
    let (Some(&top), Some(&bottom)) = (rows.first(), rows.last()) else {
        return ((0, 0), (0, 0));
    };
    let (left, right) = (cols[0], cols[cols.len() - 1]);
    ((left, top), (right - left + 1, bottom - top + 1))
}

#[test]
fn a_label_on_a_node_of_no_size_is_placed_by_the_nodes_anchor() {
    // "abc": 8 × 2. The node, of size 0 × 0, at world (8, 4) of a 16 × 8 screen (screen
    // row 4 is world y 4 down to 3). Anchor (ax, ay) puts the text's box at
    // x = 8 − 8·ax, top row 2 + 2·ay: the anchor's fractions of the text at the point.
    let expected = [
        ((0.0, 0.0), (8, 2)),
        ((0.5, 0.0), (4, 2)),
        ((1.0, 0.0), (0, 2)),
        ((0.0, 0.5), (8, 3)),
        ((0.5, 0.5), (4, 3)),
        ((1.0, 0.5), (0, 3)),
        ((0.0, 1.0), (8, 4)),
        ((0.5, 1.0), (4, 4)),
        ((1.0, 1.0), (0, 4)),
    ];
    for (anchor, corner) in expected {
        let pic = picture_at(label("abc"), (16, 8), anchor, (0.0, 0.0), (8.0, 4.0));
        assert_eq!(ink(&pic), (corner, (8, 2)), "anchor {anchor:?}: {pic:#?}");
        // As on a node of one pixel, the way to place text by its anchor until now.
        let one = picture_at(label("abc"), (16, 8), anchor, (1.0, 1.0), (8.0, 4.0));
        assert_eq!(pic, one, "anchor {anchor:?}");
    }
    // Left edge, centred vertically: the text starts at the point, half above it.
    assert_eq!(
        picture_at(label("abc"), (16, 8), (0.0, 0.5), (0.0, 0.0), (8.0, 4.0)),
        [
            "................",
            "................",
            "................",
            "........##.##.##",
            "........##.##.##",
            "................",
            "................",
            "................",
        ]
    );
}

#[test]
fn moving_the_anchor_of_a_label_of_no_size_redraws_it_there() {
    let mut w = W::new();
    let root = w.root();
    let n = w.create_child(root, "label").unwrap();
    w.set_position(n, Vec2::new(8.0, 4.0)).unwrap();
    w.add_component(n, label("abc")).unwrap();
    let mut fb = Framebuffer::new(16, 8, Rgb888::BLACK);
    let mut r: Renderer<Rgb888, 4, 64> =
        Renderer::new(Size::new(16, 8), Rgb888::BLACK, BusCost::new(16, 0));
    r.render(&mut w, &mut fb).unwrap();
    w.set_anchor(n, Vec2::new(1.0, 1.0)).unwrap();
    r.render(&mut w, &mut fb).unwrap();
    let pic: Vec<String> = (0..8)
        .map(|y| {
            (0..16)
                .map(|x| {
                    if fb.get(x, y) == Rgb888::WHITE {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    // Only the new place is inked: the old one, centred on the point, was repainted.
    assert_eq!(ink(&pic), ((0, 4), (8, 2)));
}

#[test]
fn background_fills_the_box() {
    let l = label("a")
        .with_overflow(Overflow::Clamp)
        .with_align(HorizontalAlign::Left, VerticalAlign::Top)
        .with_background(Rgb888::new(0, 0, 255));
    assert_eq!(picture(l, (4, 3)), ["##oo", "##oo", "oooo"]);
}

#[test]
fn too_long_text_is_an_error_that_changes_nothing() {
    let mut l = Label::<4>::try_new("1234").unwrap();
    assert_eq!(
        l.set_text("12345"),
        Err(Error::TextTooLong {
            len: 5,
            capacity: 4
        })
    );
    assert_eq!(l.text.as_str(), "1234");
    assert_eq!(
        Error::TextTooLong {
            len: 5,
            capacity: 4
        }
        .to_string(),
        "text too long: 5 bytes, the label holds 4"
    );
    // The user's truncation: cut with an ellipsis, reported.
    assert!(l.set_text_truncated("123456"));
    assert_eq!(l.text.as_str(), "1...");
}

#[test]
fn formatted_text_goes_in_whole_or_not_at_all() {
    let mut l = Label::<8>::try_new("-").unwrap();
    let (minutes, seconds) = (3, 7);
    assert_eq!(l.set_fmt(format_args!("{minutes}:{seconds:02}")), Ok(()));
    assert_eq!(l.text.as_str(), "3:07");
    // Exactly the capacity fits.
    assert_eq!(l.set_fmt(format_args!("{}", 12_345_678)), Ok(()));
    assert_eq!(l.text.as_str(), "12345678");
    // One byte more, split over several pieces: refused with the whole length, and the
    // old text stays (no half-written "12:3").
    assert_eq!(
        l.set_fmt(format_args!("{}:{}:{}", 12, 34, 5678)),
        Err(Error::TextTooLong {
            len: 10,
            capacity: 8
        })
    );
    assert_eq!(l.text.as_str(), "12345678");
    // A value whose formatting fails changes nothing either.
    struct Fails;
    impl core::fmt::Display for Fails {
        fn fmt(&self, _: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            Err(core::fmt::Error)
        }
    }
    assert_eq!(
        l.set_fmt(format_args!("a{Fails}")),
        Err(Error::InvalidValue)
    );
    assert_eq!(l.text.as_str(), "12345678");
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn overflow() -> impl Strategy<Value = Overflow> {
        prop_oneof![
            Just(Overflow::None),
            Just(Overflow::Clamp),
            Just(Overflow::Shrink),
            Just(Overflow::ResizeHeight)
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Any text (spaces, line breaks, characters beyond the font, long words), any
        /// box and mode: the label draws, and nothing outside its bounds.
        #[test]
        fn a_label_paints_only_inside_its_bounds(
            text in "[a-c é\n]{0,40}",
            width in 0.0f32..30.0,
            height in 0.0f32..20.0,
            mode in overflow(),
            wrap in any::<bool>(),
            h in 0usize..3,
            v in 0usize..3,
        ) {
            let aligns = [HorizontalAlign::Left, HorizontalAlign::Center, HorizontalAlign::Right];
            let valigns = [VerticalAlign::Top, VerticalAlign::Center, VerticalAlign::Bottom];
            let l = Text64::try_new(&text).unwrap()
                .with_font(blocks())
                .with_overflow(mode)
                .with_wrap(wrap)
                .with_align(aligns[h], valigns[v]);
            let b = l.local_bounds(Rect::new(-width / 2.0, -height / 2.0, width, height));
            let pic = picture_at(l, (48, 48), (0.5, 0.5), (width, height), (24.0, 24.0));
            for (y, row) in pic.iter().enumerate() {
                for (x, p) in row.chars().enumerate() {
                    if p != '.' {
                        // Pixel centre in the node's space (y up).
                        let (lx, ly) = (x as f32 + 0.5 - 24.0, 24.0 - (y as f32 + 0.5));
                        prop_assert!(
                            lx >= b.x - 0.5 && lx <= b.max_x() + 0.5
                                && ly >= b.y - 0.5 && ly <= b.max_y() + 0.5,
                            "pixel ({x}, {y}) outside {b:?}"
                        );
                    }
                }
            }
        }
    }
}
