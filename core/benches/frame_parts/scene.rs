//! The frame bench's scene: a stand-in for the showcase's thermostat built from
//! sprig-core's own drawables (shapes and labels), since sprig-core cannot use the
//! examples crate. A [`Layout`] places it on one panel, like the showcase's own layouts:
//! [`Layout::WIDE`] (320 × 240, the reference), [`Layout::SQUARE`] (240 × 240) and
//! [`Layout::OLED`] (128 × 64 grey).
//!
//! The parts: a background, the dial (a track ring, a thin value ring inside it, two end
//! marks and a knob), large digits in a u8g2 font with a degree sign, the room and
//! status lines, a breathing status light, a clock, a flame (a polygon), a title, a
//! hint, a separator, two round − and + buttons with their signs, and a mode list of
//! three rows behind which a highlight sits. Every shape is hard-edged
//! (`with_antialias(false)`), as it was drawn before shapes were anti-aliased by
//! default, so that its figures compare across changes; the anti-aliased, typeset
//! showcase itself is `cargo bench -p sprig-examples --bench showcase_frame`.

use embedded_graphics::geometry::Size;
use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::font::fonts::{FONT_10X20, FONT_4X6, FONT_5X8, FONT_6X10, FONT_7X13, FONT_9X15};
use sprig::render::font::{CellFont, Font, U8g2Font};
use sprig::render::{Label, Overflow, Shape};
use sprig::{world, NodeId, Size2, Vec2};
use u8g2_fonts::fonts::{u8g2_font_helvB24_tn, u8g2_font_logisoso16_tn, u8g2_font_logisoso50_tn};

world! {
    /// The stand-in's world: room for every panel's scene.
    pub type SceneWorld = World {
        nodes: 32,
        components: SceneParts {
            sprig::render::Shape: 16,
            sprig::render::Label: 16,
        },
    };
}

/// The target's digits on the colour panels: 50 px Logisoso, the largest u8g2 digits
/// whose glyphs fit a label's glyph mask (64 px).
static DIGITS_50: U8g2Font = U8g2Font::new::<u8g2_font_logisoso50_tn>();
/// The target's digits on the OLED.
static DIGITS_16: U8g2Font = U8g2Font::new::<u8g2_font_logisoso16_tn>();
/// The clock on the colour panels: Helvetica Bold 24 px digits (the render bench's
/// clock row).
static CLOCK_24: U8g2Font = U8g2Font::new::<u8g2_font_helvB24_tn>();

/// A part's place: its middle and its content size, in panel coordinates (origin
/// bottom-left, y up), as in the showcase's layouts.
#[derive(Clone, Copy, Debug)]
pub struct Place {
    /// Where its middle is.
    pub at: Vec2,
    /// Its content size.
    pub size: Size2,
}

impl Place {
    /// A place of `width × height` centred on `(x, y)`.
    const fn new(x: f32, y: f32, width: f32, height: f32) -> Self {
        Place {
            at: Vec2::new(x, y),
            size: Size2::new(width, height),
        }
    }
}

/// The colours of one panel class.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    /// The background rectangle.
    pub background: Rgb888,
    /// Digits and main text.
    pub text: Rgb888,
    /// Secondary text.
    pub dim: Rgb888,
    /// The ring's track and the buttons' faces.
    pub track: Rgb888,
    /// The ring, the light and the highlight.
    pub accent: Rgb888,
}

/// Where the stand-in's parts go on one panel.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// The panel's size in pixels.
    pub size: Size,
    /// The colours.
    pub palette: Palette,
    /// The dial (a square).
    pub ring: Place,
    /// The track ring's width.
    pub ring_width: f32,
    /// The knob's diameter.
    pub knob: f32,
    /// The target's digits and their font.
    pub digits: (Place, Font),
    /// The degree sign.
    pub degree: Place,
    /// The room's line: where and in which font.
    pub room: (Vec2, &'static CellFont),
    /// The status word, on panels with room for it.
    pub status: Option<(Vec2, &'static CellFont)>,
    /// The breathing status light.
    pub light: Place,
    /// The clock: where and in which font.
    pub clock: (Vec2, Font),
    /// The flame (a polygon), on panels with room for it.
    pub flame: Option<Place>,
    /// The title and the separator under it, on panels with room for them.
    pub title: Option<(Vec2, &'static CellFont)>,
    /// A wrapped hint, on panels with room for it: its box and font.
    pub hint: Option<(Place, &'static CellFont)>,
    /// The − and + buttons (ellipses) and their signs' font.
    pub buttons: ([Place; 2], &'static CellFont),
    /// The mode list's rows' middles, a row's size and the rows' font.
    pub items: ([Vec2; 3], Size2, &'static CellFont),
}

/// Greys for the 4-bit OLED.
const GREY: Palette = Palette {
    background: Rgb888::new(0, 0, 0),
    text: Rgb888::new(255, 255, 255),
    dim: Rgb888::new(150, 150, 150),
    track: Rgb888::new(60, 60, 60),
    accent: Rgb888::new(255, 255, 255),
};

/// The showcase's night palette, heating.
const COLOR: Palette = Palette {
    background: Rgb888::new(10, 12, 20),
    text: Rgb888::new(240, 242, 248),
    dim: Rgb888::new(140, 148, 170),
    track: Rgb888::new(46, 52, 70),
    accent: Rgb888::new(255, 128, 56),
};

impl Layout {
    /// 320 × 240 RGB565: the dial on the left, the clock and the mode list on the right.
    pub const WIDE: Layout = Layout {
        size: Size::new(320, 240),
        palette: COLOR,
        ring: Place::new(116.0, 124.0, 200.0, 200.0),
        ring_width: 14.0,
        knob: 22.0,
        digits: (
            Place::new(110.0, 132.0, 100.0, 56.0),
            Font::U8g2(&DIGITS_50),
        ),
        degree: Place::new(174.0, 154.0, 12.0, 12.0),
        room: (Vec2::new(116.0, 88.0), &FONT_9X15),
        status: Some((Vec2::new(116.0, 180.0), &FONT_7X13)),
        light: Place::new(116.0, 200.0, 10.0, 10.0),
        clock: (Vec2::new(272.0, 212.0), Font::U8g2(&CLOCK_24)),
        flame: Some(Place::new(78.0, 180.0, 14.0, 18.0)),
        title: Some((Vec2::new(272.0, 186.0), &FONT_6X10)),
        hint: Some((Place::new(272.0, 22.0, 84.0, 30.0), &FONT_5X8)),
        buttons: (
            [
                Place::new(80.0, 52.0, 40.0, 32.0),
                Place::new(152.0, 52.0, 40.0, 32.0),
            ],
            &FONT_10X20,
        ),
        items: (
            [
                Vec2::new(272.0, 150.0),
                Vec2::new(272.0, 112.0),
                Vec2::new(272.0, 74.0),
            ],
            Size2::new(80.0, 30.0),
            &FONT_9X15,
        ),
    };

    /// 240 × 240 RGB565: the dial fills the screen, the mode list is a row under it.
    pub const SQUARE: Layout = Layout {
        size: Size::new(240, 240),
        palette: COLOR,
        ring: Place::new(120.0, 128.0, 196.0, 196.0),
        ring_width: 14.0,
        knob: 22.0,
        digits: (
            Place::new(114.0, 136.0, 100.0, 56.0),
            Font::U8g2(&DIGITS_50),
        ),
        degree: Place::new(178.0, 158.0, 12.0, 12.0),
        room: (Vec2::new(120.0, 92.0), &FONT_9X15),
        status: Some((Vec2::new(120.0, 184.0), &FONT_7X13)),
        light: Place::new(120.0, 204.0, 10.0, 10.0),
        clock: (Vec2::new(50.0, 220.0), Font::U8g2(&CLOCK_24)),
        flame: Some(Place::new(82.0, 184.0, 14.0, 18.0)),
        title: None,
        hint: None,
        buttons: (
            [
                Place::new(84.0, 56.0, 40.0, 32.0),
                Place::new(156.0, 56.0, 40.0, 32.0),
            ],
            &FONT_10X20,
        ),
        items: (
            [
                Vec2::new(50.0, 16.0),
                Vec2::new(120.0, 16.0),
                Vec2::new(190.0, 16.0),
            ],
            Size2::new(64.0, 22.0),
            &FONT_7X13,
        ),
    };

    /// 128 × 64 4-bit grey: the dial on the left with the buttons in its opening, the
    /// clock and the mode list on the right.
    pub const OLED: Layout = Layout {
        size: Size::new(128, 64),
        palette: GREY,
        ring: Place::new(32.0, 32.0, 60.0, 60.0),
        ring_width: 4.0,
        knob: 7.0,
        digits: (Place::new(31.0, 35.0, 40.0, 17.0), Font::U8g2(&DIGITS_16)),
        degree: Place::new(50.5, 41.0, 4.0, 4.0),
        room: (Vec2::new(32.0, 19.0), &FONT_4X6),
        status: None,
        light: Place::new(32.0, 50.0, 5.0, 5.0),
        clock: (Vec2::new(97.0, 57.0), Font::Cells(&FONT_6X10)),
        flame: None,
        title: None,
        hint: None,
        buttons: (
            [
                Place::new(21.0, 6.0, 12.0, 9.0),
                Place::new(43.0, 6.0, 12.0, 9.0),
            ],
            &FONT_5X8,
        ),
        items: (
            [
                Vec2::new(97.0, 38.0),
                Vec2::new(97.0, 26.0),
                Vec2::new(97.0, 14.0),
            ],
            Size2::new(56.0, 10.0),
            &FONT_6X10,
        ),
    };
}

/// Handles to the parts a frame changes.
#[derive(Clone, Copy, Debug)]
pub struct Stage {
    /// The breathing light's node.
    pub light: NodeId,
}

/// A child of `parent` centred on `at`, `size` large.
fn node(w: &mut SceneWorld, parent: NodeId, name: &str, at: Vec2, size: Size2) -> NodeId {
    let n = w.create_child(parent, name).expect("fits");
    w.set_position(n, at).expect("valid");
    w.set_content_size(n, size).expect("valid");
    n
}

/// A label of `text` in `font` and `color`.
fn label(text: &str, font: impl Into<Font>, color: Rgb888) -> Label {
    Label::new(text).with_font(font).with_color(color)
}

/// A label node centred on `at` (its box is a point: the text overflows it, centred).
fn text(w: &mut SceneWorld, parent: NodeId, at: Vec2, label: Label) -> NodeId {
    let n = node(w, parent, "text", at, Size2::new(1.0, 1.0));
    w.add_component(n, label).expect("fits");
    n
}

/// Builds the stand-in under the world's root, laid out by `layout`, and runs the frame
/// that starts it.
pub fn build(w: &mut SceneWorld, layout: &Layout) -> Stage {
    let p = layout.palette;
    let (width, height) = (layout.size.width as f32, layout.size.height as f32);
    let root = w.root();

    // The app: the whole panel, its children placed in panel coordinates.
    let app = w.create_child(root, "app").expect("fits");
    w.set_anchor(app, Vec2::new(0.0, 0.0)).expect("valid");
    w.set_content_size(app, Size2::new(width, height))
        .expect("valid");
    w.add_component(
        app,
        Shape::rectangle()
            .with_fill(p.background)
            .with_antialias(false),
    )
    .expect("fits");

    // The dial: the track, the value ring inside it, its end marks and the knob.
    let ring = node(w, app, "dial", layout.ring.at, layout.ring.size);
    w.add_component(
        ring,
        Shape::ellipse()
            .with_stroke(p.track, layout.ring_width)
            .with_antialias(false),
    )
    .expect("fits");
    let inner = layout.ring.size.width - 2.0 * layout.ring_width - 4.0;
    let value = node(w, ring, "value", Vec2::ZERO, Size2::new(inner, inner));
    w.add_component(
        value,
        Shape::ellipse()
            .with_stroke(p.accent, 2.0)
            .with_antialias(false),
    )
    .expect("fits");
    let r = layout.ring.size.width / 2.0;
    for side in [-1.0f32, 1.0] {
        // Ticks across the track at the ends of a 270° sweep, ±135° from the top; the
        // node covers the dial, its node space's origin at the dial's bottom-left.
        let (sin, cos) = sprig::sin_cos_degrees(135.0 * side);
        let at = |d: f32| Vec2::new(r + sin * d, r + cos * d);
        let mark = node(w, ring, "mark", Vec2::ZERO, layout.ring.size);
        w.add_component(
            mark,
            Shape::line(at(r - layout.ring_width), at(r))
                .with_stroke(p.dim, 1.0)
                .with_antialias(false),
        )
        .expect("fits");
    }
    let knob_r = r - layout.ring_width / 2.0;
    let (sin, cos) = sprig::sin_cos_degrees(40.0);
    let knob = node(
        w,
        ring,
        "knob",
        Vec2::new(knob_r * sin, knob_r * cos),
        Size2::new(layout.knob, layout.knob),
    );
    w.add_component(
        knob,
        Shape::ellipse()
            .with_fill(p.text)
            .with_stroke(p.background, layout.knob / 6.0)
            .with_antialias(false),
    )
    .expect("fits");

    // The target's digits and the degree sign.
    let (place, font) = layout.digits;
    let digits = node(w, app, "digits", place.at, place.size);
    w.add_component(digits, label("21.5", font, p.text))
        .expect("fits");
    let degree = node(w, app, "degree", layout.degree.at, layout.degree.size);
    w.add_component(
        degree,
        Shape::ellipse()
            .with_stroke(p.text, layout.degree.size.width / 4.0)
            .with_antialias(false),
    )
    .expect("fits");

    // The room and status lines, the light, the clock and the flame.
    text(
        w,
        app,
        layout.room.0,
        label("Room 19.0", layout.room.1, p.dim),
    );
    if let Some((at, font)) = layout.status {
        text(w, app, at, label("HEATING", font, p.dim));
    }
    let light = node(w, app, "light", layout.light.at, layout.light.size);
    w.add_component(
        light,
        Shape::ellipse().with_fill(p.accent).with_antialias(false),
    )
    .expect("fits");
    text(
        w,
        app,
        layout.clock.0,
        label("07:30", layout.clock.1, p.text),
    );
    if let Some(place) = layout.flame {
        let flame = node(w, app, "flame", place.at, place.size);
        let (fw, fh) = (place.size.width, place.size.height);
        w.add_component(
            flame,
            Shape::polygon(&[
                Vec2::new(fw / 2.0, 0.0),
                Vec2::new(fw, fh * 0.4),
                Vec2::new(fw * 0.6, fh),
                Vec2::new(fw * 0.5, fh * 0.55),
                Vec2::new(0.0, fh * 0.4),
            ])
            .with_fill(p.accent)
            .with_antialias(false),
        )
        .expect("fits");
    }

    // The title with a separator under it, and the hint.
    if let Some((at, font)) = layout.title {
        text(w, app, at, label("Living room", font, p.dim));
        let rule = node(
            w,
            app,
            "rule",
            Vec2::new(at.x, at.y - 9.0),
            Size2::new(80.0, 1.0),
        );
        w.add_component(
            rule,
            Shape::rectangle().with_fill(p.track).with_antialias(false),
        )
        .expect("fits");
    }
    if let Some((place, font)) = layout.hint {
        let hint = node(w, app, "hint", place.at, place.size);
        w.add_component(
            hint,
            label("Tap a mode, or use the arrows.", font, p.dim)
                .with_wrap(true)
                .with_overflow(Overflow::Clamp),
        )
        .expect("fits");
    }

    // The − and + buttons: a disc with its sign on the same node.
    let (places, font) = layout.buttons;
    for (place, sign) in places.iter().zip(["-", "+"]) {
        let button = node(w, app, "button", place.at, place.size);
        w.add_component(
            button,
            Shape::ellipse().with_fill(p.track).with_antialias(false),
        )
        .expect("fits");
        w.add_component(button, label(sign, font, p.text))
            .expect("fits");
    }

    // The mode list: the highlight behind the first row, then the rows.
    let (rows, row_size, font) = layout.items;
    let menu = node(w, app, "menu", Vec2::ZERO, Size2::new(0.0, 0.0));
    w.set_anchor(menu, Vec2::new(0.0, 0.0)).expect("valid");
    let highlight = node(w, menu, "highlight", rows[0], row_size);
    w.add_component(
        highlight,
        Shape::rounded_rectangle(row_size.height / 2.0)
            .with_fill(p.accent)
            .with_antialias(false),
    )
    .expect("fits");
    for (k, (&at, name)) in rows.iter().zip(["HEAT", "COOL", "AUTO"]).enumerate() {
        let color = if k == 0 { p.background } else { p.dim };
        let row = node(w, menu, name, at, row_size);
        w.add_component(row, label(name, font, color))
            .expect("fits");
    }

    w.tick(1.0 / 30.0).expect("not in a hook");
    Stage { light }
}
