//! The settings' screens as prefabs ([`SettingsScreen`], [`WifiScreen`]), the gear that
//! opens them, and the widgets' colours taken from the thermostat's palette.

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use sprig::render::font::Font;
use sprig::render::{Label, Shape};
use sprig::{scene, AnyWorld, HookResult, NodeId, Size2, Vec2};
use sprig_ui::{
    ChartStyle, Dropdown, FocusGroup, FocusIndicator, KeyboardStyle, PickerStyle, Roller,
    TextAreaStyle, MAX_OPTIONS,
};

use super::gear::GearIcon;
use super::places::SettingsLayout;
use super::tap::Tap;
use super::{History, PasswordField, PasswordKeys};
use crate::showcase::layout::Place;
use crate::showcase::thermostat::Palette;
use crate::showcase::ShowcaseWorld;

scene! {
    /// The gear on the thermostat's screen that opens the settings.
    pub prefab Gear<'a>(place: Place, palette: &'a Palette, antialias: bool)
        in ShowcaseWorld -> GearIds
    {
        node Gear {
            position: place.at,
            size: place.size,
            GearIcon = GearIcon { color: palette.dim, antialias },
            Tap = Tap::new(),
        }
    }

    /// The settings screen, laid out by `places`: the pickers and the chart are made by
    /// the caller, with their options and values.
    pub prefab SettingsScreen<'a>(
        places: &'a SettingsLayout,
        palette: &'a Palette,
        size: Size2,
        antialias: bool,
        schedules: Roller,
        unit_picker: Dropdown,
        history: History,
        wifi_text: &'a str,
        back_text: &'a str,
    ) in ShowcaseWorld -> SettingsIds {
        #[id] screen: node Settings {
            anchor: (0.0, 0.0),
            size: size,
            Shape = Shape::rectangle().with_fill(palette.background),
            FocusGroup = FocusGroup::ordered(),
            // In the focus's order: the arrows go from the schedule to the units, the
            // Wi-Fi button and Back.
            #[id] schedule: node Schedule {
                position: places.schedule.0.at,
                size: places.schedule.0.size,
                #[id] roller: Roller = schedules,
            },
            #[id] units: node Units {
                position: places.units.at,
                size: places.units.size,
                #[id] dropdown: Dropdown = unit_picker,
            },
            #[id] wifi: node WiFi {
                position: places.wifi.at,
                size: places.wifi.size,
                Shape = face(palette, places.wifi, antialias),
                Tap = Tap::new(),
                #[id] wifi_label: Label = caption(wifi_text, places.font, palette.text),
            },
            #[id] back: node Back {
                position: places.back.0.at,
                size: places.back.0.size,
                Shape = face(palette, places.back.0, antialias),
                Tap = Tap::new(),
                Label = caption(back_text, places.font, palette.text),
            },
            #[id] plot: node Chart {
                position: places.chart.at,
                size: places.chart.size,
                #[id] chart: History = history,
            },
            node ScheduleCaption {
                active: places.caption_font.is_some(),
                position: above(places.schedule.0),
                size: (1.0, 1.0),
                Label = caption(places.strings.schedule, caption_font(places), palette.dim),
            },
            node HistoryCaption {
                active: places.caption_font.is_some(),
                position: above(places.chart),
                size: (1.0, 1.0),
                Label = caption(places.strings.history, caption_font(places), palette.dim),
            },
            // Last, so drawn over the parts it frames (an open dropdown's list is drawn
            // over everything).
            node Focus {
                Shape = Shape::rounded_rectangle(places.focus_margin + 1.0)
                    .with_stroke(palette.modes[1], if antialias { 2.0 } else { 1.0 })
                    .with_antialias(antialias),
                FocusIndicator = FocusIndicator::new(screen).with_margin(places.focus_margin),
            },
        }
    }

    /// The Wi-Fi screen: a password field and a keyboard typing into it.
    pub prefab WifiScreen<'a>(
        places: &'a SettingsLayout,
        palette: &'a Palette,
        size: Size2,
        password: PasswordField,
    ) in ShowcaseWorld -> WifiIds {
        #[id] screen: node WiFi {
            anchor: (0.0, 0.0),
            size: size,
            Shape = Shape::rectangle().with_fill(palette.background),
            FocusGroup = FocusGroup::ordered(),
            // First, so that the focus lands on the keys.
            #[id] keys: node Keys {
                position: places.keyboard.at,
                size: places.keyboard.size,
                #[id] keyboard: PasswordKeys = PasswordKeys::for_capacity()
                    .with_target(field)
                    .with_font(places.key_font)
                    .with_style(keyboard_style(palette)),
            },
            #[id] field: node Password {
                position: places.field.at,
                size: places.field.size,
                #[id] area: PasswordField = password,
            },
        }
    }
}

/// A button's face.
fn face(palette: &Palette, place: Place, antialias: bool) -> Shape {
    Shape::rounded_rectangle(place.size.height / 4.0)
        .with_fill(palette.track)
        .with_antialias(antialias)
}

/// A centred label.
fn caption(text: &str, font: Font, color: Rgb888) -> Label {
    Label::new(text).with_font(font).with_color(color)
}

/// The captions' font (the pickers' where the layout has none: its captions are not
/// shown).
fn caption_font(places: &SettingsLayout) -> Font {
    places.caption_font.unwrap_or(places.font)
}

/// Where a caption over `place` goes: 9 px above its top edge.
fn above(place: Place) -> Vec2 {
    Vec2::new(place.at.x, place.at.y + place.size.height / 2.0 + 9.0)
}

/// The pickers' colours: the buttons' face, the text, the cool mode's colour as the
/// accent.
pub(super) fn picker_style(palette: &Palette) -> PickerStyle {
    PickerStyle {
        background: palette.track,
        border: palette.pressed,
        text: palette.text,
        accent: palette.modes[1],
        accent_text: palette.background,
    }
}

/// The chart's colours: the heat mode's colour over the track's grid.
pub(super) fn chart_style(palette: &Palette) -> ChartStyle {
    ChartStyle {
        background: None,
        grid: Some(palette.track),
        axis: Some(palette.dim),
        series: palette.modes[0],
    }
}

/// The password field's colours.
pub(super) fn text_style(palette: &Palette) -> TextAreaStyle {
    TextAreaStyle {
        background: palette.track,
        border: palette.pressed,
        focused_border: palette.modes[1],
        text: palette.text,
        placeholder: palette.dim,
        cursor: palette.text,
        selection: palette.modes[1],
    }
}

/// The keyboard's colours.
fn keyboard_style(palette: &Palette) -> KeyboardStyle {
    KeyboardStyle {
        background: palette.background,
        key: palette.track,
        special: halfway(palette.background, palette.track),
        text: palette.text,
        accent: palette.modes[1],
        focus: palette.modes[0],
        focus_text: palette.background,
        pressed: palette.pressed,
    }
}

/// The colour halfway between `a` and `b`.
fn halfway(a: Rgb888, b: Rgb888) -> Rgb888 {
    let mid = |x: u8, y: u8| ((u16::from(x) + u16::from(y)) / 2) as u8;
    Rgb888::new(mid(a.r(), b.r()), mid(a.g(), b.g()), mid(a.b(), b.b()))
}

/// Puts the roller's and the dropdown's labels (made when they loaded, in the default
/// font: the pickers take no font) in `font`.
pub(super) fn set_picker_fonts(
    world: &mut impl AnyWorld,
    ids: &SettingsIds,
    font: Font,
) -> HookResult {
    let mut nodes: heapless::Vec<NodeId, { 2 * MAX_OPTIONS + 1 }> = heapless::Vec::new();
    if let Some(parts) = world.get::<Roller>(ids.roller.id())?.parts() {
        let _ = nodes.extend_from_slice(&parts.rows);
    }
    if let Some(parts) = world.get::<Dropdown>(ids.dropdown.id())?.parts() {
        let _ = nodes.push(parts.text);
        let _ = nodes.push(parts.arrow);
        let _ = nodes.extend_from_slice(&parts.rows);
    }
    for node in nodes {
        if let Some(label) = world.component_of::<Label>(node)? {
            world.get_mut::<Label>(label)?.set_font(font);
        }
    }
    Ok(())
}
