//! The showcase's components: a thermostat's model and the small components that show it
//! and take input. Each is a few lines with one job, linked by handles given at build
//! time; none knows the panel it runs on (the layout and the palette do).

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::{Geometry, Gradient, Label, Shape};
use sprig::{
    component, AnyWorld, CompId, Ctx, Event, HookResult, Hooks, Key, KeyEvent, NodeId, Vec2,
};

use super::ease::Eased;
use super::strings::Strings;
use super::widgets::Segments;
use sprig_ui::tween::TweenBuilder;
use sprig_ui::{tween, Click, Easing, Props, Tween};

/// Lowest target, in tenths of a degree.
pub const MIN_TARGET: i32 = 100;
/// Highest target, in tenths of a degree.
pub const MAX_TARGET: i32 = 300;
/// Tenths of a degree per step of the target (a button, or keys Left and Right).
pub const STEP: i32 = 5;

/// What the thermostat is set to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Heat up to the target.
    Heat,
    /// Cool down to the target.
    Cool,
    /// Heat or cool, whichever the room needs.
    Auto,
    /// Do nothing.
    Off,
}

impl Mode {
    /// Every mode, in menu order.
    pub const ALL: [Mode; 4] = [Mode::Heat, Mode::Cool, Mode::Auto, Mode::Off];

    /// The menu's word for it.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Heat => "HEAT",
            Mode::Cool => "COOL",
            Mode::Auto => "AUTO",
            Mode::Off => "OFF",
        }
    }

    /// Its place in [`Mode::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    fn offset(self, by: usize) -> Mode {
        Mode::ALL[(self.index() + by) % Mode::ALL.len()]
    }
}

/// The unit the thermostat shows its temperatures in (it counts in tenths of a degree
/// Celsius whatever it shows).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Units {
    /// Degrees Celsius.
    #[default]
    Celsius,
    /// Degrees Fahrenheit.
    Fahrenheit,
}

impl Units {
    /// Both units, in the settings' order.
    pub const ALL: [Units; 2] = [Units::Celsius, Units::Fahrenheit];

    /// Tenths of a degree Celsius in this unit, rounded to the nearest tenth.
    pub fn show_tenths(self, celsius_tenths: i32) -> i32 {
        match self {
            Units::Celsius => celsius_tenths,
            // ×9/5 + 32 °F, in tenths, rounded half away from zero.
            Units::Fahrenheit => {
                let nine_fifths = celsius_tenths.saturating_mul(9);
                let rounded = if nine_fifths < 0 {
                    nine_fifths.saturating_sub(2) / 5
                } else {
                    nine_fifths.saturating_add(2) / 5
                };
                rounded.saturating_add(320)
            }
        }
    }
}

/// What the thermostat is doing right now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Demand {
    /// The room is below the target and the mode allows heating.
    Heating,
    /// The room is above the target and the mode allows cooling.
    Cooling,
    /// At the target, or off.
    Idle,
}

/// The colours of the thermostat's modes, and of the parts that do not change with them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    /// The screen.
    pub background: Rgb888,
    /// Digits and main text.
    pub text: Rgb888,
    /// Secondary text.
    pub dim: Rgb888,
    /// Unlit segments, if they show (on a small grey panel they blur the digits).
    pub ghost: Option<Rgb888>,
    /// The ring's track and the buttons' face.
    pub track: Rgb888,
    /// A button's face while pressed.
    pub pressed: Rgb888,
    /// The − and + buttons' face as a gradient instead of `track`, if any: lit from
    /// above on the colour panels (dithered on RGB565, so no bands).
    pub raised: Option<&'static Gradient>,
    /// Per mode ([`Mode::ALL`] order): the ring, the status light and the menu's
    /// highlight.
    pub modes: [Rgb888; 4],
}

/// The thermostat: a target, the room's temperature (simulated: it moves towards the
/// target while heating or cooling) and a mode. Keys Up and Down move through the
/// modes, A goes to the next one (a board with a single button can still change it).
/// Runs first (execution order -1), so everything that shows it sees this frame's state.
pub struct Thermostat {
    target_tenths: i32,
    room: f32,
    mode: Mode,
    /// The unit its digits and room label show.
    pub units: Units,
    /// The digits showing the target.
    pub digits: CompId,
    /// The label showing the room's temperature.
    pub room_label: CompId,
    /// The label showing what it is doing, if the layout has one.
    pub status_label: Option<CompId>,
    /// The flame shown while heating, if the layout has one.
    pub flame: Option<NodeId>,
    /// The words it writes.
    pub strings: &'static Strings,
    /// What [`late_update`](Hooks::late_update) last showed: the labels are written
    /// again only when it changes.
    shown: Option<Shown>,
}

/// What the thermostat's labels, digits and flame show, as `late_update` compares it.
#[derive(Clone, Copy)]
struct Shown {
    target: i32,
    room: i32,
    mode: Mode,
    demand: Demand,
    units: Units,
    strings: &'static Strings,
}

impl Shown {
    fn same(&self, other: &Shown) -> bool {
        (self.target, self.room, self.mode, self.demand, self.units)
            == (
                other.target,
                other.room,
                other.mode,
                other.demand,
                other.units,
            )
            && core::ptr::eq(self.strings, other.strings)
    }
}

/// How fast the simulated room warms or cools, degrees per second (fast, for a demo).
const ROOM_RATE: f32 = 0.4;
/// Where the room drifts when the thermostat is off.
const OUTSIDE: f32 = 16.0;

impl Thermostat {
    /// A thermostat at `target_tenths`, in a room at `room` degrees, in `mode`.
    pub fn new(
        target_tenths: i32,
        room: f32,
        mode: Mode,
        digits: CompId,
        room_label: CompId,
    ) -> Self {
        Thermostat {
            target_tenths: target_tenths.clamp(MIN_TARGET, MAX_TARGET),
            room,
            mode,
            units: Units::Celsius,
            digits,
            room_label,
            status_label: None,
            flame: None,
            strings: &Strings::EN,
            shown: None,
        }
    }

    /// The target, in tenths of a degree.
    pub fn target_tenths(&self) -> i32 {
        self.target_tenths
    }

    /// The target as a share of its range (0 at [`MIN_TARGET`], 1 at [`MAX_TARGET`]).
    pub fn target_share(&self) -> f32 {
        (self.target_tenths - MIN_TARGET) as f32 / (MAX_TARGET - MIN_TARGET) as f32
    }

    /// Moves the target by `tenths`, within its range; returns whether it moved.
    pub fn nudge(&mut self, tenths: i32) -> bool {
        let before = self.target_tenths;
        self.target_tenths = (before + tenths).clamp(MIN_TARGET, MAX_TARGET);
        self.target_tenths != before
    }

    /// The mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Changes the mode.
    pub fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
    }

    /// The room's temperature in degrees.
    pub fn room(&self) -> f32 {
        self.room
    }

    /// What it is doing.
    pub fn demand(&self) -> Demand {
        let target = self.target_tenths as f32 / 10.0;
        match self.mode {
            Mode::Heat | Mode::Auto if self.room < target - 0.05 => Demand::Heating,
            Mode::Cool | Mode::Auto if self.room > target + 0.05 => Demand::Cooling,
            _ => Demand::Idle,
        }
    }
}

/// Appends `value` in decimal, zero-padded to at least `min_digits` digits. By hand, not
/// with `write!`: `core::fmt`'s machinery would cost a board about 2 KiB, and float
/// formatting ~10 KiB. A string too short keeps what fits.
fn push_decimal<const N: usize>(out: &mut heapless::String<N>, value: u32, min_digits: usize) {
    let mut digits = [0u8; 10];
    let mut count = 0;
    let mut rest = value;
    for digit in digits.iter_mut() {
        *digit = b'0' + (rest % 10) as u8;
        rest /= 10;
        count += 1;
        if rest == 0 && count >= min_digits {
            break;
        }
    }
    for &digit in digits.iter().take(count).rev() {
        let _ = out.push(char::from(digit));
    }
}

/// `tenths` as `21.5`.
fn write_tenths<const N: usize>(out: &mut heapless::String<N>, tenths: i32) {
    if tenths < 0 {
        let _ = out.push('-');
    }
    let t = tenths.unsigned_abs();
    push_decimal(out, t / 10, 1);
    let _ = out.push('.');
    push_decimal(out, t % 10, 1);
}

#[component(execution_order = -1)]
impl Hooks for Thermostat {
    fn update(&mut self, _ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        let target = self.target_tenths as f32 / 10.0;
        let step = ROOM_RATE * dt_seconds;
        self.room = match self.demand() {
            Demand::Heating => (self.room + step).min(target),
            Demand::Cooling => (self.room - step).max(target),
            Demand::Idle if self.mode == Mode::Off => {
                // Not `clamp`: its check that the bounds are in order would bring
                // float formatting (about 12 KiB) into a board's panic message.
                self.room + (OUTSIDE - self.room).max(-step / 4.0).min(step / 4.0)
            }
            Demand::Idle => self.room,
        };
        Ok(())
    }

    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let room_tenths = (self.room * 10.0 + 0.5) as i32;
        let shown = Shown {
            target: self.target_tenths,
            room: room_tenths,
            mode: self.mode,
            demand: self.demand(),
            units: self.units,
            strings: self.strings,
        };
        // Most frames nothing shown has changed: no text is written then.
        if self.shown.is_some_and(|s| s.same(&shown)) {
            return Ok(());
        }
        let mut text: heapless::String<16> = heapless::String::new();
        write_tenths(&mut text, self.units.show_tenths(self.target_tenths));
        // Written only when they change: reaching a drawable mutably tells the renderer
        // to look at its node again.
        if ctx.get::<Segments>(self.digits)?.text() != text.as_str() {
            ctx.get_mut::<Segments>(self.digits)?.set_text(&text);
        }
        text.clear();
        let _ = text.push_str(self.strings.room);
        write_tenths(&mut text, self.units.show_tenths(room_tenths));
        set_label_text(ctx, self.room_label, &text)?;
        if let Some(flame) = self.flame {
            let heating = self.mode != Mode::Off && self.demand() == Demand::Heating;
            ctx.set_active(flame, heating)?;
        }
        if let Some(status) = self.status_label {
            let [off, heating, cooling, holding] = self.strings.status;
            let word = match (self.mode, self.demand()) {
                (Mode::Off, _) => off,
                (_, Demand::Heating) => heating,
                (_, Demand::Cooling) => cooling,
                (_, Demand::Idle) => holding,
            };
            set_label_text(ctx, status, word)?;
        }
        self.shown = Some(shown);
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if !key.pressed {
            return Ok(());
        }
        match key.key {
            Key::Down | Key::A => self.mode = self.mode.offset(1),
            Key::Up => self.mode = self.mode.offset(Mode::ALL.len() - 1),
            Key::Left => {
                self.nudge(-STEP);
            }
            Key::Right => {
                self.nudge(STEP);
            }
            _ => return Ok(()),
        }
        ctx.stop_propagation();
        Ok(())
    }
}

/// Where the dial's ring starts, degrees clockwise from the top: the lower left.
pub const DIAL_START_DEGREES: f32 = -135.0;
/// How far the dial's ring goes round, in degrees.
pub const DIAL_SWEEP_DEGREES: f32 = 270.0;

/// The dial: eases the sweep of its ring's fill (a [`Shape::arc`] drawn over the
/// track's) to the thermostat's target and keeps a knob node at the end of the fill.
/// The fill sweeps in from empty when the scene starts.
pub struct Dial {
    /// The thermostat shown.
    pub thermostat: CompId,
    /// The fill: an arc from [`DIAL_START_DEGREES`] whose sweep and colour follow the
    /// target and the mode.
    pub fill: CompId,
    /// The knob, a child of the dial's node.
    pub knob: NodeId,
    /// The knob's distance from the ring's centre.
    pub radius: f32,
    /// Fill colours per mode.
    pub colors: [Rgb888; 4],
    value: Eased,
    intro: bool,
    /// The sweep and radius the knob was last placed for (their bits; NaN's at first).
    knob_at: (u32, u32),
}

impl Dial {
    /// A dial for `thermostat` sweeping the arc `fill`, moving `knob` on a circle of
    /// `radius`.
    pub fn new(
        thermostat: CompId,
        fill: CompId,
        knob: NodeId,
        radius: f32,
        palette: &Palette,
    ) -> Self {
        Dial {
            thermostat,
            fill,
            knob,
            radius,
            colors: palette.modes,
            value: Eased::new(0.0, 1.2, Easing::CubicOut),
            intro: true,
            knob_at: (f32::NAN.to_bits(), f32::NAN.to_bits()),
        }
    }

    /// The share of the ring filled, 0 to 1.
    pub fn value(&self) -> f32 {
        self.value.value().clamp(0.0, 1.0)
    }
}

#[component]
impl Hooks for Dial {
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        let thermostat = ctx.get::<Thermostat>(self.thermostat)?;
        let (share, mode) = (thermostat.target_share(), thermostat.mode());
        if self.intro && self.value.value() == self.value.target() && self.value.target() > 0.0 {
            // The sweep-in is over: later changes spring into place.
            self.intro = false;
            self.value = Eased::new(self.value.value(), 0.35, Easing::BackOut);
        }
        self.value.set_target(share);
        let value = self.value.step(dt_seconds).clamp(0.0, 1.0);
        let color = Some(self.colors[mode.index()]);
        let sweep = DIAL_SWEEP_DEGREES * value;
        let fill = ctx.get::<Shape>(self.fill)?;
        let drawn = match fill.geometry {
            Geometry::Arc { sweep_degrees, .. } => sweep_degrees,
            _ => f32::NAN,
        };
        if drawn != sweep || fill.fill != color {
            let fill = ctx.get_mut::<Shape>(self.fill)?;
            if let Geometry::Arc { sweep_degrees, .. } = &mut fill.geometry {
                *sweep_degrees = sweep;
            }
            fill.fill = color;
        }
        // The knob moves with the sweep: its sines only when that changed.
        let place = (sweep.to_bits(), self.radius.to_bits());
        if self.knob_at != place {
            self.knob_at = place;
            let (sin, cos) = sprig::sin_cos_degrees(DIAL_START_DEGREES + sweep);
            ctx.set_position(self.knob, Vec2::new(self.radius * sin, self.radius * cos))?;
        }
        Ok(())
    }
}

/// The menu: selects the mode of the item clicked, slides a highlight behind the
/// selected item (a tween) and colours the items' text.
pub struct ModeMenu {
    /// The thermostat shown.
    pub thermostat: CompId,
    /// The highlight node (a sibling drawn behind the items).
    pub highlight: NodeId,
    /// The items' nodes and labels, in [`Mode::ALL`] order.
    pub items: [(NodeId, CompId); 4],
    /// Text colour of the selected item, and of the others.
    pub text: (Rgb888, Rgb888),
    /// Highlight colour per mode.
    pub colors: [Rgb888; 4],
    shown: Option<Mode>,
    /// The mode and colours the highlight and the items were last painted for.
    painted: Option<(Mode, (Rgb888, Rgb888), Rgb888)>,
}

impl ModeMenu {
    /// A menu over `items` for `thermostat`.
    pub fn new(
        thermostat: CompId,
        highlight: NodeId,
        items: [(NodeId, CompId); 4],
        palette: &Palette,
    ) -> Self {
        ModeMenu {
            thermostat,
            highlight,
            items,
            text: (palette.background, palette.dim),
            colors: palette.modes,
            shown: None,
            painted: None,
        }
    }
}

#[component]
impl Hooks for ModeMenu {
    /// The items are `sprig-ui` buttons: their clicks bubble up to the menu.
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<Click>(node)
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        let Some(click) = event.get::<Click>() else {
            return Ok(());
        };
        if let Some(k) = self.items.iter().position(|&(item, _)| item == click.node) {
            ctx.get_mut::<Thermostat>(self.thermostat)?
                .set_mode(Mode::ALL[k]);
        }
        Ok(())
    }

    /// The highlight starts on the selected item, without sliding there.
    fn start(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let mode = ctx.get::<Thermostat>(self.thermostat)?.mode();
        let at = ctx.position(self.items[mode.index()].0)?;
        self.shown = Some(mode);
        ctx.set_position(self.highlight, at)
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let mode = ctx.get::<Thermostat>(self.thermostat)?.mode();
        if self.shown != Some(mode) {
            let at = ctx.position(self.items[mode.index()].0)?;
            Tween::stop_all(ctx.world(), self.highlight)?;
            tween(self.highlight)
                .to(0.25, Props::new().position(at), Easing::CubicOut)
                .start(ctx.world())?;
            self.shown = Some(mode);
        }
        let paint = (mode, self.text, self.colors[mode.index()]);
        if self.painted == Some(paint) {
            return Ok(());
        }
        if let Some(shape) = ctx.component_of::<Shape>(self.highlight)? {
            set_shape_fill(ctx, shape, paint.2)?;
        }
        for (k, &(_, label)) in self.items.iter().enumerate() {
            let color = if k == mode.index() {
                self.text.0
            } else {
                self.text.1
            };
            if ctx.get::<Label>(label)?.color != color {
                ctx.get_mut::<Label>(label)?.color = color;
            }
        }
        self.painted = Some(paint);
        Ok(())
    }
}

/// What the − and + buttons (`sprig-ui` [`Button`](sprig_ui::Button)s on the same
/// node) do when clicked: nudge the thermostat's target.
pub struct Stepper {
    /// The thermostat nudged.
    pub thermostat: CompId,
    /// Tenths of a degree per click.
    pub step: i32,
}

#[component]
impl Hooks for Stepper {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<Click>(node)
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        if event.is::<Click>() {
            ctx.get_mut::<Thermostat>(self.thermostat)?.nudge(self.step);
        }
        Ok(())
    }
}

/// Sets a label's text when it differs: reaching a drawable mutably (`get_mut`) tells the
/// renderer to look at its node again, so a frame that changes nothing should not.
fn set_label_text(ctx: &mut Ctx<impl AnyWorld>, label: CompId, text: &str) -> HookResult {
    if ctx.get::<Label>(label)?.text.as_str() != text {
        ctx.get_mut::<Label>(label)?.set_text(text)?;
    }
    Ok(())
}

/// Sets a shape's fill when it differs (see [`set_label_text`]).
fn set_shape_fill(ctx: &mut Ctx<impl AnyWorld>, shape: CompId, fill: Rgb888) -> HookResult {
    if ctx.get::<Shape>(shape)?.fill != Some(fill) {
        ctx.get_mut::<Shape>(shape)?.fill = Some(fill);
    }
    Ok(())
}

/// The status light: glows in the mode's colour, breathing (a tween, for ever) while the
/// thermostat heats or cools, steady and dim when it holds or is off.
pub struct StatusLight {
    /// The thermostat shown.
    pub thermostat: CompId,
    /// Colours per mode.
    pub colors: [Rgb888; 4],
    breathing: Option<bool>,
    /// The colour the light was last given.
    painted: Option<Rgb888>,
}

impl StatusLight {
    /// A light for `thermostat`.
    pub fn new(thermostat: CompId, palette: &Palette) -> Self {
        StatusLight {
            thermostat,
            colors: palette.modes,
            breathing: None,
            painted: None,
        }
    }
}

/// Seconds per breath of the status light.
const BREATH: f32 = 1.6;

#[component]
impl Hooks for StatusLight {
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let thermostat = ctx.get::<Thermostat>(self.thermostat)?;
        let (mode, demand) = (thermostat.mode(), thermostat.demand());
        let node = ctx.node();
        let breathe = demand != Demand::Idle;
        if self.breathing != Some(breathe) {
            self.breathing = Some(breathe);
            Tween::stop_all(ctx.world(), node)?;
            if breathe {
                // Up and down again once per breath.
                let breath = <TweenBuilder>::new()
                    .to(BREATH / 2.0, Props::new().opacity(255.0), Easing::SineInOut)
                    .to(BREATH / 2.0, Props::new().opacity(60.0), Easing::SineInOut);
                tween(node)
                    .set(Props::new().opacity(60.0))
                    .repeat_forever_tween(breath)
                    .start(ctx.world())?;
            } else {
                ctx.set_opacity(node, 110)?;
            }
        }
        let color = self.colors[mode.index()];
        if self.painted != Some(color) {
            if let Some(shape) = ctx.component_of::<Shape>(node)? {
                set_shape_fill(ctx, shape, color)?;
            }
            self.painted = Some(color);
        }
        Ok(())
    }
}

/// A clock in its node's [`Label`], `07:30`, its colon blinking every half second
/// (first off after a quarter of a second).
pub struct Clock {
    minutes: u32,
    seconds: f32,
    colon: bool,
}

impl Clock {
    /// A clock starting at `hours:minutes`.
    pub fn new(hours: u32, minutes: u32) -> Self {
        Clock {
            minutes: (hours % 24) * 60 + minutes % 60,
            seconds: 0.0,
            colon: true,
        }
    }

    fn show(&self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let mut text: heapless::String<8> = heapless::String::new();
        let colon = if self.colon { ':' } else { ' ' };
        push_decimal(&mut text, self.minutes / 60, 2);
        let _ = text.push(colon);
        push_decimal(&mut text, self.minutes % 60, 2);
        let node = ctx.node();
        if let Some(label) = ctx.component_of::<Label>(node)? {
            set_label_text(ctx, label, &text)?;
        }
        Ok(())
    }
}

#[component]
impl Hooks for Clock {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        ctx.schedule(0, 0.5, None, 0.25)
    }

    /// Shown again, the clock is right at once.
    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.show(ctx)
    }

    fn update(&mut self, _ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        self.seconds += dt_seconds;
        if self.seconds >= 60.0 {
            // Every whole minute at once: subtracting 60 in a loop never ends once the
            // seconds are so large (a replayed step of 1e12 s) that 60 is below their
            // precision. The cast saturates; the day is taken before adding.
            let whole = (self.seconds / 60.0) as u64;
            let day = 24 * 60;
            self.minutes = ((u64::from(self.minutes) + whole % day) % day) as u32;
            // Below 0 or at 60 only through rounding: the seconds stay within a minute.
            self.seconds = (self.seconds - whole as f32 * 60.0).clamp(0.0, 59.999);
        }
        Ok(())
    }

    fn on_timer(&mut self, ctx: &mut Ctx<impl AnyWorld>, _key: u16, _elapsed: f32) -> HookResult {
        self.colon = !self.colon;
        self.show(ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::{push_decimal, write_tenths};

    fn tenths(value: i32) -> heapless::String<16> {
        let mut text = heapless::String::new();
        write_tenths(&mut text, value);
        text
    }

    #[test]
    fn tenths_are_written_with_one_decimal() {
        assert_eq!(tenths(215), "21.5");
        assert_eq!(tenths(5), "0.5");
        assert_eq!(tenths(0), "0.0");
        assert_eq!(tenths(-35), "-3.5");
        assert_eq!(tenths(i32::MIN), "-214748364.8");
    }

    #[test]
    fn fahrenheit_shows_nine_fifths_plus_32_rounded_to_a_tenth() {
        use super::Units;
        assert_eq!(Units::Celsius.show_tenths(215), 215);
        assert_eq!(Units::Fahrenheit.show_tenths(215), 707); // 70.7
        assert_eq!(Units::Fahrenheit.show_tenths(0), 320);
        assert_eq!(Units::Fahrenheit.show_tenths(-400), -400); // -40 is -40
        assert_eq!(Units::Fahrenheit.show_tenths(198), 676); // 67.64 → 67.6
        assert_eq!(Units::Fahrenheit.show_tenths(i32::MAX), i32::MAX / 5 + 320);
    }

    #[test]
    fn clock_digits_are_zero_padded_and_a_short_string_keeps_what_fits() {
        let mut text: heapless::String<8> = heapless::String::new();
        push_decimal(&mut text, 7, 2);
        text.push(':').ok();
        push_decimal(&mut text, 30, 2);
        assert_eq!(text, "07:30");
        let mut short: heapless::String<3> = heapless::String::new();
        push_decimal(&mut short, 12345, 1);
        assert_eq!(short, "123");
        let mut max: heapless::String<10> = heapless::String::new();
        push_decimal(&mut max, u32::MAX, 12);
        assert_eq!(max, "4294967295");
    }
}
