//! Where the settings' parts go on each panel, in which fonts, and their words: one
//! [`SettingsLayout`] per panel class, as [`Layout`](crate::showcase::Layout) is for the
//! thermostat.

use sprig::render::font::fonts::{FONT_6X10, FONT_7X13};
use sprig::render::font::{AaFont, Font};

use crate::showcase::layout::Place;

/// The settings' words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SettingsStrings {
    /// The settings' title, on the Back button where it has room.
    pub title: &'static str,
    /// Above the schedule's roller.
    pub schedule: &'static str,
    /// The schedules, in the roller's order.
    pub schedules: [&'static str; 5],
    /// On the Wi-Fi button.
    pub wifi: &'static str,
    /// The password field's placeholder.
    pub password: &'static str,
    /// Above the chart.
    pub history: &'static str,
}

impl SettingsStrings {
    /// English.
    pub const EN: SettingsStrings = SettingsStrings {
        title: "Settings",
        schedule: "Schedule",
        schedules: ["Always", "Weekdays", "Mornings", "Evenings", "Away"],
        wifi: "Wi-Fi",
        password: "Password",
        history: "Room, last hours",
    };

    /// Chinese (simplified).
    #[cfg(feature = "zh")]
    pub const ZH: SettingsStrings = SettingsStrings {
        title: "设置",
        schedule: "日程",
        schedules: ["全天", "工作日", "早晨", "晚上", "离家"],
        wifi: "Wi-Fi",
        password: "密码",
        history: "室温，近几小时",
    };
}

/// The settings' arrangement on one panel (places in panel coordinates, origin
/// bottom-left, y up, as the thermostat's).
#[derive(Clone, Copy, Debug)]
pub struct SettingsLayout {
    /// The gear on the thermostat's screen that opens the settings.
    pub gear: Place,
    /// The Back button, and whether it shows the title after its `<`.
    pub back: (Place, bool),
    /// The captions' font, on panels with room for captions.
    pub caption_font: Option<Font>,
    /// The schedule's roller, and its rows' height.
    pub schedule: (Place, f32),
    /// The units' dropdown.
    pub units: Place,
    /// The units' words on the dropdown (the OLED's font has no degree sign).
    pub unit_names: [&'static str; 2],
    /// The Wi-Fi button, which opens the Wi-Fi screen.
    pub wifi: Place,
    /// The chart of the room's temperature.
    pub chart: Place,
    /// The Wi-Fi screen's password field.
    pub field: Place,
    /// The Wi-Fi screen's keyboard.
    pub keyboard: Place,
    /// The pickers' and the buttons' font.
    pub font: Font,
    /// The password field's font.
    pub field_font: Font,
    /// The keyboard's legends.
    pub key_font: Font,
    /// How far (pixels) the focus frame stands out around the focused part.
    pub focus_margin: f32,
    /// The words.
    pub strings: &'static SettingsStrings,
}

/// The settings' type on the colour panels: DejaVu Sans, anti-aliased in 4 bits, only
/// the characters of `assets/strings/settings-en.txt`.
static SMALL: AaFont = sprig::font!(
    "../../../assets/fonts/DejaVuSans-latin1.ttf",
    size = 12,
    chars_from = "../../../assets/strings/settings-en.txt",
);
/// The password field: its stars and its placeholder.
static FIELD: AaFont = sprig::font!(
    "../../../assets/fonts/DejaVuSans-latin1.ttf",
    size = 16,
    chars = "Pasword*",
);

/// The Chinese words' fonts (feature `zh`): the sizes above, the ideographs from Droid
/// Sans Fallback, only the characters of
/// `assets/strings/settings-zh.txt`.
#[cfg(feature = "zh")]
static SMALL_ZH: AaFont = sprig::font!(
    "../../../assets/fonts/DejaVuSans-latin1.ttf",
    size = 12,
    chars_from = "../../../assets/strings/settings-zh.txt",
    fallback = "../../../assets/fonts/DroidSansFallback-zh.ttf",
);
#[cfg(feature = "zh")]
static FIELD_ZH: AaFont = sprig::font!(
    "../../../assets/fonts/DejaVuSans-latin1.ttf",
    size = 16,
    chars = "密码*",
    fallback = "../../../assets/fonts/DroidSansFallback-zh.ttf",
);

impl SettingsLayout {
    /// The 128×64 grey OLED: a row of Back, units and Wi-Fi at the top, the schedule
    /// and the chart below; no title, no captions.
    pub const OLED: SettingsLayout = SettingsLayout {
        gear: Place::new(5.5, 58.5, 9.0, 9.0),
        back: (Place::new(8.0, 58.0, 16.0, 12.0), false),
        caption_font: None,
        schedule: (Place::new(28.0, 25.0, 56.0, 36.0), 12.0),
        units: Place::new(34.0, 58.0, 26.0, 12.0),
        unit_names: ["C", "F"],
        wifi: Place::new(87.0, 58.0, 80.0, 12.0),
        chart: Place::new(94.0, 25.0, 66.0, 44.0),
        field: Place::new(64.0, 57.0, 128.0, 14.0),
        keyboard: Place::new(64.0, 24.0, 128.0, 48.0),
        font: Font::Cells(&FONT_6X10),
        field_font: Font::Cells(&FONT_6X10),
        key_font: Font::Cells(&FONT_6X10),
        focus_margin: 1.0,
        strings: &SettingsStrings::EN,
    };

    /// The 240×240 colour panel: the schedule on the left, units and Wi-Fi on the
    /// right, the chart across the bottom.
    pub const SQUARE: SettingsLayout = SettingsLayout {
        gear: Place::new(220.0, 222.0, 22.0, 22.0),
        back: (Place::new(58.0, 222.0, 100.0, 26.0), true),
        caption_font: Some(Font::Aa(&SMALL)),
        schedule: (Place::new(62.0, 140.0, 108.0, 80.0), 16.0),
        units: Place::new(178.0, 168.0, 108.0, 24.0),
        unit_names: ["°C", "°F"],
        wifi: Place::new(178.0, 112.0, 108.0, 26.0),
        chart: Place::new(120.0, 40.0, 224.0, 60.0),
        field: Place::new(120.0, 180.0, 224.0, 28.0),
        keyboard: Place::new(120.0, 72.0, 232.0, 136.0),
        font: Font::Aa(&SMALL),
        field_font: Font::Aa(&FIELD),
        key_font: Font::Cells(&FONT_7X13),
        focus_margin: 3.0,
        strings: &SettingsStrings::EN,
    };

    /// The 320×240 colour panel: as the square one, wider.
    pub const WIDE: SettingsLayout = SettingsLayout {
        gear: Place::new(22.0, 220.0, 22.0, 22.0),
        back: (Place::new(60.0, 222.0, 104.0, 26.0), true),
        caption_font: Some(Font::Aa(&SMALL)),
        schedule: (Place::new(76.0, 140.0, 136.0, 80.0), 16.0),
        units: Place::new(232.0, 168.0, 160.0, 24.0),
        unit_names: ["°C", "°F"],
        wifi: Place::new(232.0, 112.0, 160.0, 26.0),
        chart: Place::new(160.0, 40.0, 304.0, 60.0),
        field: Place::new(160.0, 180.0, 304.0, 28.0),
        keyboard: Place::new(160.0, 72.0, 312.0, 136.0),
        font: Font::Aa(&SMALL),
        field_font: Font::Aa(&FIELD),
        key_font: Font::Cells(&FONT_7X13),
        focus_margin: 3.0,
        strings: &SettingsStrings::EN,
    };

    /// The 240×240 colour panel's settings in Chinese.
    #[cfg(feature = "zh")]
    pub const SQUARE_ZH: SettingsLayout = SettingsLayout::SQUARE.in_chinese();

    /// The 320×240 colour panel's settings in Chinese.
    #[cfg(feature = "zh")]
    pub const WIDE_ZH: SettingsLayout = SettingsLayout::WIDE.in_chinese();

    /// This layout with its words in Chinese, in fonts that hold them (the keyboard's
    /// legends stay: a password is ASCII).
    #[cfg(feature = "zh")]
    const fn in_chinese(self) -> SettingsLayout {
        SettingsLayout {
            caption_font: Some(Font::Aa(&SMALL_ZH)),
            font: Font::Aa(&SMALL_ZH),
            field_font: Font::Aa(&FIELD_ZH),
            strings: &SettingsStrings::ZH,
            ..self
        }
    }
}
