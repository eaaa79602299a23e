//! The thermostat's settings (feature `settings`): a screen reached by a slide from a
//! gear on the thermostat's screen, with a [`Roller`] for the schedule, a [`Dropdown`]
//! for the units (the thermostat's digits and room label follow it), a [`Chart`] of the
//! room's temperature and a Wi-Fi button that slides in a second screen with a
//! password [`TextArea`] and a [`Keyboard`].
//!
//! The screens live on a [`ScreenStack`] (the "Screens" section of `docs/ui.md`): the
//! thermostat at the bottom, the settings over it, the Wi-Fi screen over those. A
//! [`Navigator`] on the stack's host node opens and closes them and keeps what the
//! settings set, since a popped screen is destroyed.
//!
//! - **Touch**: the gear (top corner) opens the settings; Back comes back; the Wi-Fi
//!   button opens the Wi-Fi screen, whose keyboard's OK keeps the password and `Esc`
//!   drops it, both coming back.
//! - **Keys**: Select (Tab in the simulator) opens the settings; there the arrows Left
//!   and Right move the focus (a frame shows it) between the schedule, the units, the
//!   Wi-Fi button and Back; Up and Down turn the roller; A opens the dropdown or presses
//!   a button; B comes back. On the Wi-Fi screen the arrows move over the keys, A
//!   types, B deletes, OK and `Esc` come back. The thermostat's screen keeps no focus
//!   (its keys go to the thermostat as without the settings), so coming back leaves it
//!   so.

mod gear;
mod places;
mod screens;
mod tap;

use heapless::{HistoryBuf, String};
use sprig::render::Label;
use sprig::{
    component, AnyWorld, Comp, CompId, Ctx, Event, HookResult, Hooks, Key, KeyEvent, NodeId,
};
use sprig_ui::{
    Chart, ChartKind, Click, Dropdown, DropdownChanged, Easing, Keyboard, KeyboardDone, Roller,
    RollerChanged, ScreenError, ScreenStack, ScreenTransition, SlideDirection, TextArea,
};

use super::thermostat::{Palette, Thermostat, Units};
pub use gear::GearIcon;
pub use places::{SettingsLayout, SettingsStrings};
pub use screens::{Gear, SettingsIds, SettingsScreen, WifiIds, WifiScreen};
pub use tap::Tap;

/// The showcase's screen stack: the thermostat, the settings, the Wi-Fi screen.
pub type Screens = ScreenStack<3>;

/// Points the chart holds: the room's temperature over the last [`HISTORY`] samples.
pub const HISTORY: usize = 24;

/// The chart of the room's temperature.
pub type History = Chart<HISTORY>;

/// Seconds between two samples of the room's temperature (a demo's quarter hours).
pub const SAMPLE_SECONDS: f32 = 2.0;

/// The most characters (and bytes: the keyboard types ASCII) of a Wi-Fi password.
pub const MAX_PASSWORD: usize = 32;

/// The Wi-Fi screen's password field: its label is a plain `Label` (32 bytes).
pub type PasswordField = TextArea<MAX_PASSWORD>;

/// The Wi-Fi screen's keyboard, for [`PasswordField`]s.
pub type PasswordKeys = Keyboard<MAX_PASSWORD>;

/// How long a slide between screens takes, in seconds.
pub const SLIDE_SECONDS: f32 = 0.35;

/// The samples the chart starts with, oldest first, so that it is not empty on its
/// first frame: a night's cooling and the morning's heating up to the room's 19 °C.
const PAST: [f32; 16] = [
    18.4, 18.1, 17.8, 17.6, 17.4, 17.3, 17.2, 17.2, 17.3, 17.6, 17.9, 18.2, 18.5, 18.7, 18.9, 19.0,
];

/// Handles to the settings screen's parts, while it is on the stack.
#[derive(Clone, Copy, Debug)]
pub struct SettingsOpen {
    /// The settings screen's parts.
    pub ids: SettingsIds,
    /// The Wi-Fi screen's parts, while it is on the stack.
    pub wifi: Option<WifiIds>,
}

/// Opens and closes the settings and the Wi-Fi screen on the [`Screens`] stack of its
/// node, keeps what they set (the schedule, the password; the units go to the
/// thermostat at once) and samples the room's temperature for the chart.
pub struct Navigator {
    stack: Comp<Screens>,
    thermostat: Option<CompId>,
    gear: Option<NodeId>,
    places: &'static SettingsLayout,
    palette: Palette,
    antialias: bool,
    schedule: usize,
    password: String<MAX_PASSWORD>,
    history: HistoryBuf<f32, HISTORY>,
    since_sample: f32,
    open: Option<SettingsOpen>,
}

impl Navigator {
    /// A navigator for `stack`, laying the settings out by `places` in `palette`.
    pub fn new(
        stack: Comp<Screens>,
        places: &'static SettingsLayout,
        palette: Palette,
        antialias: bool,
    ) -> Self {
        let mut history = HistoryBuf::new();
        history.extend_from_slice(&PAST);
        Navigator {
            stack,
            thermostat: None,
            gear: None,
            places,
            palette,
            antialias,
            schedule: 0,
            password: String::new(),
            history,
            since_sample: 0.0,
            open: None,
        }
    }

    /// Links it to the thermostat it sets and to the gear that opens the settings.
    pub fn attach(&mut self, thermostat: CompId, gear: NodeId) {
        self.thermostat = Some(thermostat);
        self.gear = Some(gear);
    }

    /// The schedule chosen, an index into [`SettingsStrings::schedules`].
    pub fn schedule(&self) -> usize {
        self.schedule
    }

    /// The Wi-Fi password kept.
    pub fn password(&self) -> &str {
        &self.password
    }

    /// The room's temperatures the chart shows, oldest first.
    pub fn history(&self) -> impl Iterator<Item = f32> + '_ {
        self.history.oldest_ordered().copied()
    }

    /// The settings' parts, while the settings are on the stack.
    pub fn settings(&self) -> Option<SettingsOpen> {
        self.open
    }

    fn units(&self, ctx: &Ctx<impl AnyWorld>) -> Result<Units, sprig::Error> {
        match self.thermostat {
            Some(t) => Ok(ctx.get::<Thermostat>(t)?.units),
            None => Ok(Units::Celsius),
        }
    }

    /// Slides the settings in.
    fn open_settings(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let places = self.places;
        let units = self.units(ctx)?;
        let units_index = Units::ALL.iter().position(|&u| u == units).unwrap_or(0);
        let style = screens::picker_style(&self.palette);
        let roller = Roller::new(&places.strings.schedules)?
            .with_row_height(places.schedule.1)?
            .with_selected(self.schedule)?
            .with_style(style);
        let dropdown = Dropdown::new(&places.unit_names)?
            .with_selected(units_index)?
            .with_style(style);
        let mut chart =
            History::new(ChartKind::Line).with_style(screens::chart_style(&self.palette));
        for value in self.history() {
            chart.push(value)?;
        }
        let wifi_text = wifi_text(places.strings.wifi, &self.password);
        let mut back_text: String<32> = String::new();
        let _ = back_text.push('<');
        if places.back.1 {
            // What does not fit is left out: the `<` always shows.
            let _ = back_text.push_str("  ");
            let _ = back_text.push_str(places.strings.title);
        }
        let screen = SettingsScreen {
            places,
            palette: &self.palette,
            size: ctx.content_size(ctx.node())?,
            antialias: self.antialias,
            schedules: roller,
            unit_picker: dropdown,
            history: chart,
            wifi_text: &wifi_text,
            back_text: &back_text,
        };
        let ids = match ScreenStack::push(ctx.world(), self.stack, screen, slide()) {
            Ok(ids) => ids,
            Err(error) => return ignore_busy(error),
        };
        screens::set_picker_fonts(ctx.world(), &ids, places.font)?;
        self.open = Some(SettingsOpen { ids, wifi: None });
        Ok(())
    }

    /// Slides the Wi-Fi screen in over the settings.
    fn open_wifi(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let Some(open) = self.open.filter(|o| o.wifi.is_none()) else {
            return Ok(());
        };
        let places = self.places;
        let area = PasswordField::empty()
            .with_password(true)
            .with_placeholder(places.strings.password)?
            .with_max_chars(MAX_PASSWORD)?
            .with_font(places.field_font)
            .with_style(screens::text_style(&self.palette))
            .with_text(&self.password)?;
        let screen = WifiScreen {
            places,
            palette: &self.palette,
            size: ctx.content_size(ctx.node())?,
            password: area,
        };
        let transition =
            ScreenTransition::slide(SlideDirection::Up, SLIDE_SECONDS, Easing::CubicOut);
        match ScreenStack::push(ctx.world(), self.stack, screen, transition) {
            Ok(wifi) => {
                self.open = Some(SettingsOpen {
                    wifi: Some(wifi),
                    ..open
                });
                Ok(())
            }
            Err(error) => ignore_busy(error),
        }
    }

    /// Slides the top screen away: the Wi-Fi screen, or the settings.
    fn back(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let Some(open) = self.open else {
            return Ok(());
        };
        if let Err(error) = ScreenStack::pop(ctx.world(), self.stack) {
            return ignore_busy(error);
        }
        self.open = open.wifi.map(|_| SettingsOpen { wifi: None, ..open });
        Ok(())
    }

    /// The keyboard's OK: keeps the password and shows it (as stars) on the settings.
    fn keep_password(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let Some(open) = self.open else {
            return Ok(());
        };
        let Some(wifi) = open.wifi else {
            return Ok(());
        };
        let text = ctx.get::<PasswordField>(wifi.area.id())?.text();
        self.password.clear();
        // The area holds at most MAX_PASSWORD characters of one byte (the keyboard's
        // are ASCII): it fits.
        self.password
            .push_str(text)
            .map_err(|_| sprig::Error::TextTooLong {
                len: u16::try_from(text.len()).unwrap_or(u16::MAX),
                capacity: MAX_PASSWORD as u16,
            })?;
        let shown = wifi_text(self.places.strings.wifi, &self.password);
        let label = ctx.get_mut::<Label>(open.ids.wifi_label.id())?;
        label.set_text(&shown)
    }
}

/// The slide between the thermostat and the settings: the settings come in from the
/// right.
fn slide() -> ScreenTransition {
    ScreenTransition::slide(SlideDirection::Left, SLIDE_SECONDS, Easing::CubicOut)
}

/// A stack still sliding refuses another change: the input is dropped, not an error.
fn ignore_busy(error: ScreenError) -> HookResult {
    match error {
        ScreenError::Busy => Ok(()),
        other => Err(other.into()),
    }
}

/// The Wi-Fi button's words: "Wi-Fi", and a star for each of the password's first six
/// characters.
fn wifi_text(wifi: &str, password: &str) -> String<32> {
    let mut text = String::new();
    let _ = text.push_str(wifi);
    if !password.is_empty() {
        let _ = text.push(' ');
    }
    for _ in password.chars().take(6) {
        let _ = text.push('*');
    }
    text
}

/// Runs before the widgets (execution order -2), so that a dropdown opened by a tap
/// has the focus by its own `update`.
#[component(execution_order = -2)]
impl Hooks for Navigator {
    /// The buttons' clicks, the pickers' changes and the keyboard's end bubble up to
    /// the host.
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<Click>(node)?;
        ctx.on::<RollerChanged>(node)?;
        ctx.on::<DropdownChanged>(node)?;
        ctx.on::<KeyboardDone>(node)
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        // A tap opens the dropdown without giving it the focus, and an open dropdown
        // closes once another node has it (the roller's, given by the focus group).
        if let Some(open) = self.open.filter(|o| o.wifi.is_none()) {
            let units = open.ids.units;
            if ctx.comp(open.ids.dropdown)?.is_open() && ctx.focus() != Some(units) {
                ctx.set_focus(Some(units))?;
            }
        }
        self.since_sample += dt_seconds;
        if self.since_sample < SAMPLE_SECONDS {
            return Ok(());
        }
        self.since_sample = 0.0;
        let Some(thermostat) = self.thermostat else {
            return Ok(());
        };
        let room = ctx.get::<Thermostat>(thermostat)?.room();
        self.history.write(room);
        if let Some(open) = self.open {
            if ctx.is_component_valid_strict(open.ids.chart.id()) {
                ctx.get_mut::<History>(open.ids.chart.id())?.push(room)?;
            }
        }
        Ok(())
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        if let Some(click) = event.get::<Click>() {
            let node = click.node;
            if Some(node) == self.gear && self.open.is_none() {
                return self.open_settings(ctx);
            }
            match self.open {
                Some(open) if node == open.ids.back => return self.back(ctx),
                Some(open) if node == open.ids.wifi => return self.open_wifi(ctx),
                _ => return Ok(()),
            }
        }
        if let Some(changed) = event.get::<RollerChanged>() {
            self.schedule = changed.index;
        } else if let Some(changed) = event.get::<DropdownChanged>() {
            if let (Some(thermostat), Some(&units)) =
                (self.thermostat, Units::ALL.get(changed.index))
            {
                ctx.get_mut::<Thermostat>(thermostat)?.units = units;
            }
        } else if let Some(done) = event.get::<KeyboardDone>() {
            if done.accepted {
                self.keep_password(ctx)?;
            }
            return self.back(ctx);
        }
        Ok(())
    }

    /// Select opens the settings; B, unheard by the part that has the focus, goes back.
    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if !key.pressed {
            return Ok(());
        }
        match key.key {
            Key::Select if self.open.is_none() => {
                ctx.stop_propagation();
                self.open_settings(ctx)
            }
            Key::B if self.open.is_some() => {
                ctx.stop_propagation();
                self.back(ctx)
            }
            _ => Ok(()),
        }
    }
}
