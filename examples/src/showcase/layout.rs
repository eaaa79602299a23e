//! Where the showcase's parts go on each panel, and in which colours: one layout per
//! panel class, designed for its size and its pixels (greys on the OLED, a colour per
//! mode on the colour panels), not one scene scaled to fit.

use embedded_graphics::geometry::Size;
use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::font::fonts::{FONT_4X6, FONT_6X10};
use sprig::render::font::{AaFont, CellFont, Font};
use sprig::render::Gradient;
use sprig::{Size2, Vec2};

#[cfg(feature = "settings")]
use super::settings::SettingsLayout;
use super::strings::Strings;
use super::thermostat::Palette;

/// A node's place: its anchor point (the middle) and its content size, in panel
/// coordinates (origin bottom-left, y up).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Place {
    /// Where its middle is.
    pub at: Vec2,
    /// Its content size.
    pub size: Size2,
}

impl Place {
    /// A place of `width × height` centred on `(x, y)`.
    pub const fn new(x: f32, y: f32, width: f32, height: f32) -> Self {
        Place {
            at: Vec2::new(x, y),
            size: Size2::new(width, height),
        }
    }
}

/// The showcase's arrangement on one panel.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// The panel's size in pixels.
    pub size: Size,
    /// The colours.
    pub palette: Palette,
    /// The dial (a square).
    pub ring: Place,
    /// The ring's width.
    pub ring_width: f32,
    /// The knob's diameter.
    pub knob: f32,
    /// The target's digits (their height is the box's).
    pub digits: Place,
    /// The degree sign.
    pub degree: Place,
    /// The room temperature's label: where and in which font.
    pub room: (Vec2, Font),
    /// The status word's label, on panels with room for it.
    pub status: Option<(Vec2, Font)>,
    /// The status light.
    pub light: Place,
    /// The clock's label: where, and in which font (large proportional digits on the
    /// colour panels).
    pub clock: (Vec2, Font),
    /// The flame shown while heating, on panels with room for it (an image with an
    /// alpha channel).
    pub flame: Option<Place>,
    /// A wrapped hint, on panels with room for it: its box and font.
    pub hint: Option<(Place, Font)>,
    /// The − and + buttons.
    pub buttons: [Place; 2],
    /// The length and thickness of the buttons' − and + bars.
    pub sign: (f32, f32),
    /// The menu items' middles, in [`Mode::ALL`](super::Mode::ALL) order.
    pub items: [Vec2; 4],
    /// A menu item's size.
    pub item: Size2,
    /// The menu's font.
    pub item_font: Font,
    /// Whether the shapes' edges are anti-aliased (the colour panels), or crisp (the
    /// OLED's pixels).
    pub antialias: bool,
    /// The words, in the fonts above.
    pub strings: &'static Strings,
    /// The settings' places, fonts and words (feature `settings`).
    #[cfg(feature = "settings")]
    pub settings: &'static SettingsLayout,
}

/// The OLED clock's digits: `embedded-graphics`' 7×14 bold digits and colon (its
/// `FONT_6X10` zero and colon read as "◇" and "‡" at that size), as a cell font of the
/// eleven characters `0` to `:` (made with `CellFont::cells_of_mono`).
static OLED_CLOCK: CellFont = CellFont {
    first: '0',
    last: ':',
    width: 7,
    height: 14,
    spacing: 1,
    replacement: '0',
    data: &[
        0x00, 0x80, 0x67, 0x36, 0x9b, 0xcd, 0x66, 0xb3, 0xd9, 0xcc, 0x03, 0x00, 0x00, 0x00, 0x0c,
        0xc7, 0x83, 0xc1, 0x60, 0x30, 0x18, 0x8c, 0x1f, 0x00, 0x00, 0x00, 0x78, 0x66, 0x33, 0x18,
        0x06, 0xc3, 0x30, 0x0c, 0x7e, 0x00, 0x00, 0x00, 0xe0, 0x99, 0xcd, 0x60, 0x1c, 0x18, 0x6c,
        0x36, 0xf3, 0x00, 0x00, 0x00, 0x00, 0x04, 0x83, 0xe1, 0x78, 0x36, 0x9b, 0x1f, 0x06, 0x03,
        0x00, 0x00, 0x00, 0xbf, 0xc1, 0xe0, 0x33, 0x83, 0xc1, 0x66, 0x33, 0x0f, 0x00, 0x00, 0x00,
        0x70, 0x6c, 0xb3, 0xc1, 0x67, 0x36, 0x9b, 0xcd, 0x3c, 0x00, 0x00, 0x00, 0xf0, 0x9b, 0x6d,
        0x30, 0x0c, 0x06, 0x83, 0xc1, 0x60, 0x00, 0x00, 0x00, 0x80, 0x67, 0x36, 0x9b, 0x79, 0x3c,
        0xb3, 0xd9, 0xcc, 0x03, 0x00, 0x00, 0x00, 0x9e, 0xd9, 0x6c, 0x36, 0xf3, 0xc1, 0x66, 0x1b,
        0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0c, 0x06, 0x00, 0x00, 0x60, 0x30, 0x00, 0x00, 0x00,
    ],
};

/// The colour panels' type: DejaVu Sans, anti-aliased in 4 bits, only the characters of
/// the showcase's strings (`assets/strings/showcase-en.txt`). The status word and the
/// hint.
static SMALL: AaFont = sprig::font!(
    "../../assets/fonts/DejaVuSans-latin1.ttf",
    size = 12,
    chars_from = "../../assets/strings/showcase-en.txt",
);
/// The room's temperature.
static TEXT: AaFont = sprig::font!(
    "../../assets/fonts/DejaVuSans-latin1.ttf",
    size = 16,
    chars_from = "../../assets/strings/showcase-en.txt",
);
/// The menu's modes.
static BOLD: AaFont = sprig::font!(
    "../../assets/fonts/DejaVuSans-Bold-latin1.ttf",
    size = 15,
    chars = "HEATCOLUF",
);
/// The menu's modes in the 240×240 panel's narrower chips.
static BOLD_SMALL: AaFont = sprig::font!(
    "../../assets/fonts/DejaVuSans-Bold-latin1.ttf",
    size = 12,
    chars = "HEATCOLUF",
);

/// The Chinese words' fonts (feature `zh`): the sizes above, the ideographs from Droid
/// Sans Fallback (it has no bold: the menu's are regular strokes at the bold sizes).
#[cfg(feature = "zh")]
static SMALL_ZH: AaFont = sprig::font!(
    "../../assets/fonts/DejaVuSans-latin1.ttf",
    size = 12,
    chars_from = "../../assets/strings/showcase-zh.txt",
    fallback = "../../assets/fonts/DroidSansFallback-zh.ttf",
);
#[cfg(feature = "zh")]
static TEXT_ZH: AaFont = sprig::font!(
    "../../assets/fonts/DejaVuSans-latin1.ttf",
    size = 16,
    chars_from = "../../assets/strings/showcase-zh.txt",
    fallback = "../../assets/fonts/DroidSansFallback-zh.ttf",
);
#[cfg(feature = "zh")]
static BOLD_ZH: AaFont = sprig::font!(
    "../../assets/fonts/DejaVuSans-Bold-latin1.ttf",
    size = 15,
    chars = "制热冷自动关闭",
    fallback = "../../assets/fonts/DroidSansFallback-zh.ttf",
);
#[cfg(feature = "zh")]
static BOLD_SMALL_ZH: AaFont = sprig::font!(
    "../../assets/fonts/DejaVuSans-Bold-latin1.ttf",
    size = 12,
    chars = "制热冷自动关闭",
    fallback = "../../assets/fonts/DroidSansFallback-zh.ttf",
);

/// What the four Chinese fonts put in flash (their Latin glyphs too): what feature `zh`
/// costs a firmware that shows the words in Chinese.
#[cfg(feature = "zh")]
pub const CHINESE_FONT_BYTES: usize = SMALL_ZH.flash_bytes()
    + TEXT_ZH.flash_bytes()
    + BOLD_ZH.flash_bytes()
    + BOLD_SMALL_ZH.flash_bytes();

/// The clock's digits on the 240×240 panel: DejaVu Sans, 24 px, anti-aliased in 4 bits,
/// rasterised when the crate compiles (`font!`); only these 11 glyphs reach flash.
static CLOCK_24: AaFont = sprig::font!(
    "../../assets/fonts/DejaVuSans-ascii.ttf",
    size = 24,
    chars = "0123456789:",
    bits = 4,
);
/// The clock's digits on the 320×240 panel: 32 px.
static CLOCK_32: AaFont = sprig::font!(
    "../../assets/fonts/DejaVuSans-ascii.ttf",
    size = 32,
    chars = "0123456789:",
    bits = 4,
);

/// The colour panels' − and + buttons: the track's colour, lighter at the top.
static RAISED: Gradient = Gradient::linear(
    90.0,
    [
        (0.0, Rgb888::new(36, 41, 56)),
        (1.0, Rgb888::new(66, 75, 100)),
    ],
);

/// Greys for a 4-bit grey OLED: white on black, the menu inverted.
const GREY: Palette = Palette {
    background: Rgb888::new(0, 0, 0),
    text: Rgb888::new(255, 255, 255),
    dim: Rgb888::new(150, 150, 150),
    ghost: None,
    track: Rgb888::new(60, 60, 60),
    pressed: Rgb888::new(170, 170, 170),
    raised: None,
    modes: [
        Rgb888::new(255, 255, 255),
        Rgb888::new(255, 255, 255),
        Rgb888::new(255, 255, 255),
        Rgb888::new(120, 120, 120),
    ],
};

/// A night palette for colour panels: orange heat, blue cool, green auto.
const COLOR: Palette = Palette {
    background: Rgb888::new(10, 12, 20),
    text: Rgb888::new(240, 242, 248),
    dim: Rgb888::new(140, 148, 170),
    // Barely above the background: the unlit segments hint at the digit's shape, and
    // 21.5 never reads as 28.5.
    ghost: Some(Rgb888::new(14, 16, 25)),
    track: Rgb888::new(46, 52, 70),
    pressed: Rgb888::new(96, 108, 140),
    raised: Some(&RAISED),
    modes: [
        Rgb888::new(255, 128, 56),
        Rgb888::new(72, 164, 255),
        Rgb888::new(118, 214, 146),
        Rgb888::new(128, 132, 148),
    ],
};

impl Layout {
    /// A 128×64 4-bit grey OLED (SSD1322 / SSD0323 class): the dial on the left with the
    /// buttons in its opening, the clock and the menu on the right.
    pub const OLED: Layout = Layout {
        size: Size::new(128, 64),
        palette: GREY,
        ring: Place::new(32.0, 32.0, 60.0, 60.0),
        ring_width: 4.0,
        knob: 7.0,
        digits: Place::new(31.0, 35.0, 40.0, 17.0),
        degree: Place::new(50.5, 41.0, 4.0, 4.0),
        room: (Vec2::new(32.0, 19.0), Font::Cells(&FONT_4X6)),
        status: None,
        light: Place::new(32.0, 50.0, 5.0, 5.0),
        clock: (Vec2::new(97.0, 56.0), Font::Cells(&OLED_CLOCK)),
        flame: None,
        hint: None,
        buttons: [
            Place::new(21.0, 6.0, 12.0, 9.0),
            Place::new(43.0, 6.0, 12.0, 9.0),
        ],
        sign: (5.0, 1.0),
        items: [
            Vec2::new(97.0, 42.0),
            Vec2::new(97.0, 31.0),
            Vec2::new(97.0, 20.0),
            Vec2::new(97.0, 9.0),
        ],
        item: Size2::new(56.0, 10.0),
        item_font: Font::Cells(&FONT_6X10),
        antialias: false,
        strings: &Strings::EN,
        #[cfg(feature = "settings")]
        settings: &SettingsLayout::OLED,
    };

    /// A 240×240 RGB565 panel (ST7789 class): the dial fills the screen, the menu is a
    /// row of chips under it.
    pub const SQUARE: Layout = Layout {
        size: Size::new(240, 240),
        palette: COLOR,
        ring: Place::new(120.0, 128.0, 196.0, 196.0),
        ring_width: 14.0,
        knob: 22.0,
        digits: Place::new(114.0, 136.0, 100.0, 56.0),
        degree: Place::new(178.0, 158.0, 12.0, 12.0),
        room: (Vec2::new(120.0, 92.0), Font::Aa(&TEXT)),
        status: Some((Vec2::new(120.0, 184.0), Font::Aa(&SMALL))),
        light: Place::new(120.0, 204.0, 10.0, 10.0),
        clock: (Vec2::new(40.0, 224.0), Font::Aa(&CLOCK_24)),
        flame: Some(Place::new(82.0, 184.0, 14.0, 18.0)),
        hint: None,
        buttons: [
            Place::new(84.0, 56.0, 40.0, 32.0),
            Place::new(156.0, 56.0, 40.0, 32.0),
        ],
        sign: (14.0, 3.0),
        items: [
            Vec2::new(33.0, 16.0),
            Vec2::new(91.0, 16.0),
            Vec2::new(149.0, 16.0),
            Vec2::new(207.0, 16.0),
        ],
        item: Size2::new(54.0, 22.0),
        item_font: Font::Aa(&BOLD_SMALL),
        antialias: true,
        strings: &Strings::EN,
        #[cfg(feature = "settings")]
        settings: &SettingsLayout::SQUARE,
    };

    /// A 320×240 RGB565 panel (ILI9341 class): the dial on the left, the clock and a
    /// menu column on the right.
    pub const WIDE: Layout = Layout {
        size: Size::new(320, 240),
        palette: COLOR,
        ring: Place::new(116.0, 124.0, 200.0, 200.0),
        ring_width: 14.0,
        knob: 22.0,
        digits: Place::new(110.0, 132.0, 100.0, 56.0),
        degree: Place::new(174.0, 154.0, 12.0, 12.0),
        room: (Vec2::new(116.0, 88.0), Font::Aa(&TEXT)),
        status: Some((Vec2::new(116.0, 180.0), Font::Aa(&SMALL))),
        light: Place::new(116.0, 200.0, 10.0, 10.0),
        clock: (Vec2::new(272.0, 218.0), Font::Aa(&CLOCK_32)),
        flame: Some(Place::new(78.0, 180.0, 14.0, 18.0)),
        hint: Some((Place::new(268.0, 28.0, 100.0, 44.0), Font::Aa(&SMALL))),
        buttons: [
            Place::new(80.0, 52.0, 40.0, 32.0),
            Place::new(152.0, 52.0, 40.0, 32.0),
        ],
        sign: (14.0, 3.0),
        items: [
            Vec2::new(272.0, 176.0),
            Vec2::new(272.0, 140.0),
            Vec2::new(272.0, 104.0),
            Vec2::new(272.0, 68.0),
        ],
        item: Size2::new(80.0, 30.0),
        item_font: Font::Aa(&BOLD),
        antialias: true,
        strings: &Strings::EN,
        #[cfg(feature = "settings")]
        settings: &SettingsLayout::WIDE,
    };

    /// This layout with its words in Chinese, in fonts that hold them (DejaVu Sans for
    /// the digits and Latin signs, Droid Sans Fallback for the ideographs, only the
    /// characters of `assets/strings/showcase-zh.txt`): `None` on the OLED, whose bitmap
    /// fonts have no ideographs.
    #[cfg(feature = "zh")]
    pub fn in_chinese(&self) -> Option<Layout> {
        if !self.antialias {
            return None;
        }
        let swap = |font: Font| match font {
            Font::Aa(f) if core::ptr::eq(f, &SMALL) => Font::Aa(&SMALL_ZH),
            Font::Aa(f) if core::ptr::eq(f, &TEXT) => Font::Aa(&TEXT_ZH),
            Font::Aa(f) if core::ptr::eq(f, &BOLD) => Font::Aa(&BOLD_ZH),
            Font::Aa(f) if core::ptr::eq(f, &BOLD_SMALL) => Font::Aa(&BOLD_SMALL_ZH),
            other => other,
        };
        Some(Layout {
            room: (self.room.0, swap(self.room.1)),
            status: self.status.map(|(at, font)| (at, swap(font))),
            hint: self.hint.map(|(place, font)| (place, swap(font))),
            item_font: swap(self.item_font),
            strings: &Strings::ZH,
            #[cfg(feature = "settings")]
            settings: if self.size.width == 240 {
                &SettingsLayout::SQUARE_ZH
            } else {
                &SettingsLayout::WIDE_ZH
            },
            ..*self
        })
    }

    /// The layout designed for a panel of `size`, if there is one.
    pub fn for_panel(size: Size) -> Option<&'static Layout> {
        [&Layout::OLED, &Layout::SQUARE, &Layout::WIDE]
            .into_iter()
            .find(|l| l.size == size)
    }
}
