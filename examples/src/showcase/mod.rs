//! The showcase: a thermostat, the kind of small product Sprig is for. A dial whose ring
//! sweeps in and springs to each new target, large seven-segment digits, the room's
//! temperature moving towards the target, a status light that breathes while it heats
//! or cools, a clock, − and + buttons that react to touch and to keys, and a mode menu
//! whose highlight slides to the selected item.
//!
//! The components ([`thermostat`]) do not know the panel. A [`Layout`] places them and
//! picks a palette for each panel: [`Layout::OLED`] for a 128×64 grey OLED,
//! [`Layout::SQUARE`] for a 240×240 and [`Layout::WIDE`] for a 320×240 colour panel.
//!
//! Input: touch the − and + buttons (or keys Left and Right), touch a mode (or keys Up
//! and Down; A goes to the next mode). With feature `settings`, the gear (or key
//! Select) slides in the [`settings`].

pub mod ease;
pub mod layout;
#[cfg(feature = "settings")]
pub mod settings;
pub mod strings;
pub mod thermostat;
pub mod widgets;

use embedded_graphics::pixelcolor::Rgb888;
#[cfg(feature = "settings")]
use settings::{GearIcon, History, Navigator, PasswordField, PasswordKeys, Screens, Tap};
use sprig::render::font::Font;
#[cfg(feature = "settings")]
use sprig::render::Clip;
use sprig::render::{Cap, Image, Label, Overflow, Shape, Sprite, SpriteSheet};
#[cfg(feature = "settings")]
use sprig::Comp;
use sprig::{scene, world, CompId, Error, NodeId, Size2, Vec2};
use sprig_ui::transition::Transition;
use sprig_ui::{AnimationClip, Button, SpriteAnimation, Tween, WrapMode};
#[cfg(feature = "settings")]
use sprig_ui::{Backdrop, BlockInput, Dropdown, FocusGroup, FocusIndicator, Roller};

pub use layout::{Layout, Place};
pub use strings::Strings;
pub use thermostat::{
    Clock, Demand, Dial, Mode, ModeMenu, Palette, StatusLight, Stepper, Thermostat, Units,
    DIAL_START_DEGREES, DIAL_SWEEP_DEGREES, STEP,
};
pub use widgets::Segments;

/// The showcase's node capacity: its world's, and its renderers'.
#[cfg(not(feature = "settings"))]
pub const SHOWCASE_NODES: usize = 32;
/// The showcase's node capacity: its world's, and its renderers'.
#[cfg(feature = "settings")]
pub const SHOWCASE_NODES: usize = 62;

#[cfg(not(feature = "settings"))]
world! {
    /// The showcase's world: 32 nodes, and room for the components its scene adds on
    /// any panel.
    pub type ShowcaseWorld = World {
        nodes: SHOWCASE_NODES,
        components: Showcase {
            Thermostat: 1,
            Dial: 1,
            ModeMenu: 1,
            Tween: 2,
            Button: 6,
            Stepper: 2,
            StatusLight: 1,
            Clock: 1,
            Segments: 1,
            Shape: 12,
            Sprite: 1,
            SpriteAnimation: 1,
            Label: 8,
        },
    };
}

#[cfg(feature = "settings")]
world! {
    /// The showcase's world with the settings: room for the thermostat, the settings
    /// and the Wi-Fi screen at once (the stack holds all three while the Wi-Fi screen
    /// shows), the stack's host and its input shield.
    pub type ShowcaseWorld = World {
        nodes: SHOWCASE_NODES,
        components: Showcase {
            Thermostat: 1,
            Dial: 1,
            ModeMenu: 1,
            Tween: 3,
            Button: 6,
            Tap: 3,
            Stepper: 2,
            StatusLight: 1,
            Clock: 1,
            Segments: 1,
            Shape: 26,
            Sprite: 1,
            SpriteAnimation: 1,
            Label: 22,
            Screens: 1,
            Navigator: 1,
            BlockInput: 1,
            FocusGroup: 2,
            FocusIndicator: 1,
            Roller: 1,
            Dropdown: 1,
            Backdrop: 1,
            Clip: 2,
            History: 1,
            PasswordField: 1,
            PasswordKeys: 1,
            GearIcon: 1,
        },
        // The clock's colon; the registrations of the menu, the steppers, the
        // navigator (4) and the focus frame.
        events: 16,
        timers: 1,
        listeners: 8,
    };
}

/// Handles to the showcase's parts, for tests and for boards that drive it.
#[derive(Clone, Copy, Debug)]
pub struct ShowcaseScene {
    /// The app's node: the whole panel.
    pub app: NodeId,
    /// The thermostat's model.
    pub thermostat: CompId,
    /// The dial's ring node.
    pub ring: NodeId,
    /// The − and + buttons.
    pub buttons: [NodeId; 2],
    /// The menu's items, in [`Mode::ALL`] order.
    pub items: [NodeId; 4],
    /// The flame shown while heating (inactive on layouts without one).
    pub flame: NodeId,
    /// The gear that opens the settings.
    #[cfg(feature = "settings")]
    pub gear: NodeId,
    /// The screen stack: the thermostat, and the settings over it when open.
    #[cfg(feature = "settings")]
    pub stack: Comp<settings::Screens>,
    /// What opens and closes the settings, and keeps what they set.
    #[cfg(feature = "settings")]
    pub navigator: Comp<settings::Navigator>,
}

scene! {
    /// One of the − and + buttons: a pill with its sign, pressed with a zoom, stepping
    /// the thermostat's target by `step`.
    pub prefab StepButton<'a>(
        name: &'static str,
        adds: bool,
        place: Place,
        step: i32,
        thermostat: CompId,
        layout: &'a Layout,
    ) in ShowcaseWorld -> StepButtonIds {
        node (name) {
            position: place.at,
            size: place.size,
            Shape = raised(
                Shape::rounded_rectangle(place.size.height / 2.0)
                    .with_fill(layout.palette.track)
                    .with_antialias(layout.antialias),
                layout,
            ),
            Button = Button::new().with_transition(Transition::zoom(0.86, 0.3)),
            Stepper = Stepper { thermostat, step },
            // The sign, drawn as bars sized to the button (a font's − and + are small
            // beside it).
            node Bar {
                size: (layout.sign.0, layout.sign.1),
                Shape = sign_bar(layout),
            },
            node Stem {
                active: adds,
                size: (layout.sign.1, layout.sign.0),
                Shape = sign_bar(layout),
            },
        }
    }

    /// Item `k` of the mode menu ([`Mode::ALL`] order): its name, and a button.
    pub prefab MenuItem<'a>(k: usize, layout: &'a Layout) in ShowcaseWorld -> MenuItemIds {
        #[id] item: node (Mode::ALL[k].name()) {
            position: layout.items[k],
            size: layout.item,
            #[id] text: Label = label(layout.strings.modes[k], layout.item_font, layout.palette.dim),
            Button = Button::new(),
        }
    }

    /// The thermostat, laid out by `layout`.
    pub scene ThermostatScene<'a>(layout: &'a Layout) in ShowcaseWorld -> ThermostatIds {
        // Children are placed in panel coordinates: the app's anchor space starts at its
        // bottom-left corner.
        #[id] app: node Thermostat {
            anchor: (0.0, 0.0),
            size: (layout.size.width as f32, layout.size.height as f32),
            #[id] thermostat: Thermostat = {
                let mut model = Thermostat::new(215, 19.0, Mode::Heat, digits.id(), room.id());
                model.status_label = layout.status.map(|_| status.id());
                model.strings = layout.strings;
                model.flame = layout.flame.map(|_| flame);
                model
            },
            #[id] ring: node Dial {
                position: layout.ring.at,
                size: layout.ring.size,
                // The track, and the fill over it: arcs of the ring inscribed in the
                // dial's box, with round ends; crisp on the OLED like its other shapes (so
                // that a one-bit panel's threshold of each arc gives the grey panel's
                // picture at half: two smooth arcs over each other would not).
                node Track {
                    size: layout.ring.size,
                    Shape = Shape::arc(DIAL_START_DEGREES, DIAL_SWEEP_DEGREES, layout.ring_width, Cap::Round)
                        .with_fill(layout.palette.track)
                        .with_antialias(layout.antialias),
                },
                node Fill {
                    size: layout.ring.size,
                    #[id] ring_fill: Shape = Shape::arc(DIAL_START_DEGREES, 0.0, layout.ring_width, Cap::Round)
                        .with_fill(layout.palette.modes[0])
                        .with_antialias(layout.antialias),
                },
                Dial = Dial::new(
                    thermostat.id(),
                    ring_fill.id(),
                    knob,
                    layout.ring.size.width / 2.0 - layout.ring_width / 2.0,
                    &layout.palette,
                ),
                #[id] knob: node Knob {
                    size: (layout.knob, layout.knob),
                    Shape = Shape::ellipse()
                        .with_fill(layout.palette.text)
                        .with_stroke(layout.palette.background, layout.knob / 6.0)
                        .with_antialias(layout.antialias),
                },
            },
            node Target {
                position: layout.digits.at,
                size: layout.digits.size,
                #[id] digits: Segments = {
                    let mut segments = Segments::new("", layout.palette.text);
                    segments.off = layout.palette.ghost;
                    segments
                },
            },
            node Degree {
                position: layout.degree.at,
                size: layout.degree.size,
                Shape = Shape::ellipse()
                    .with_stroke(layout.palette.text, layout.degree.size.width / 4.0)
                    .with_antialias(layout.antialias),
            },
            node Room {
                position: layout.room.0,
                size: (1.0, 1.0),
                #[id] room: Label = label("", layout.room.1, layout.palette.dim),
            },
            // Only some panels show the status line; the others keep it inactive.
            node Status {
                active: layout.status.is_some(),
                position: layout.status.map_or(Vec2::ZERO, |(at, _)| at),
                size: (1.0, 1.0),
                #[id] status: Label = label(
                    "",
                    layout.status.map_or(layout.room.1, |(_, font)| font),
                    layout.palette.dim,
                ),
            },
            node Light {
                position: layout.light.at,
                size: layout.light.size,
                Shape = Shape::ellipse()
                    .with_fill(layout.palette.modes[0])
                    .with_antialias(layout.antialias),
                StatusLight = StatusLight::new(thermostat.id(), &layout.palette),
            },
            node Clock {
                position: layout.clock.0,
                size: (1.0, 1.0),
                Label = Label::new("07:30")
                    .with_font(layout.clock.1)
                    .with_color(layout.palette.text),
                Clock = Clock::new(7, 30),
            },
            // The flame beside the status word while heating, on the panels with room for
            // it: a sprite animation whose frames have an alpha channel.
            #[id] flame: node Flame {
                active: layout.flame.is_some(),
                position: layout.flame.map_or(Vec2::ZERO, |p| p.at),
                size: layout.flame.map_or(Size2::new(1.0, 1.0), |p| p.size),
                Sprite = Sprite::new(&FLAME, 0),
                SpriteAnimation = SpriteAnimation::new(FLICKER),
            },
            // A hint wrapped in its box, on the panels with room for it.
            node Hint {
                active: layout.hint.is_some(),
                position: layout.hint.map_or(Vec2::ZERO, |(p, _)| p.at),
                size: layout.hint.map_or(Size2::new(1.0, 1.0), |(p, _)| p.size),
                Label = label(
                    layout.strings.hint,
                    layout.hint.map_or(layout.room.1, |(_, font)| font),
                    layout.palette.dim,
                )
                .with_wrap(true)
                .with_overflow(Overflow::Clamp),
            },
            #[id] minus: prefab StepButton {
                name: "Minus", adds: false, place: layout.buttons[0], step: -STEP,
                thermostat: thermostat.id(), layout,
            },
            #[id] plus: prefab StepButton {
                name: "Plus", adds: true, place: layout.buttons[1], step: STEP,
                thermostat: thermostat.id(), layout,
            },
            node Menu {
                ModeMenu = ModeMenu::new(
                    thermostat.id(),
                    highlight,
                    [heat, cool, auto, off].map(|i| (i.item, i.text.id())),
                    &layout.palette,
                ),
                #[id] highlight: node Highlight {
                    size: layout.item,
                    Shape = Shape::rounded_rectangle(layout.item.height / 2.0)
                        .with_fill(layout.palette.modes[0])
                        .with_antialias(layout.antialias),
                },
                #[id] heat: prefab MenuItem { k: 0, layout },
                #[id] cool: prefab MenuItem { k: 1, layout },
                #[id] auto: prefab MenuItem { k: 2, layout },
                #[id] off: prefab MenuItem { k: 3, layout },
            },
        }
    }
}

#[cfg(feature = "settings")]
scene! {
    /// The screen stack's host: the whole panel, from its bottom-left corner.
    pub scene SettingsHost<'a>(layout: &'a Layout) in ShowcaseWorld -> SettingsHostIds {
        node Screens {
            anchor: (0.0, 0.0),
            size: (layout.size.width as f32, layout.size.height as f32),
            #[id] stack: settings::Screens = settings::Screens::new(),
            #[id] navigator: settings::Navigator = settings::Navigator::new(
                stack,
                layout.settings,
                layout.palette,
                layout.antialias,
            ),
        }
    }
}

/// The flame: four frames of 14×18 pixels side by side, 8-bit RGBA, made by
/// `examples/assets/flame.py`.
static FLAME: SpriteSheet = SpriteSheet::grid(
    Image::rgba(include_bytes!("../../assets/flame.rgba"), 56),
    14,
    18,
    4,
    4,
);

/// The flame's flicker: its frames back and forth, ten a second.
const FLICKER: AnimationClip = AnimationClip::new(&[0, 1, 2, 3], 10, WrapMode::PingPong);

/// A label in `font` and `color`.
fn label(text: &str, font: Font, color: Rgb888) -> Label {
    Label::new(text).with_font(font).with_color(color)
}

/// `face` with the palette's raised gradient, if it has one.
fn raised(face: Shape, layout: &Layout) -> Shape {
    match layout.palette.raised {
        Some(gradient) => face.with_gradient(gradient),
        None => face,
    }
}

/// One bar of a button's − or +: a rounded bar in the text colour.
fn sign_bar(layout: &Layout) -> Shape {
    Shape::rounded_rectangle(layout.sign.1 / 2.0)
        .with_fill(layout.palette.text)
        .with_antialias(layout.antialias)
}

/// Builds the showcase under the world's root, laid out by `layout`, and activates it
/// as one subtree. With feature `settings`, the thermostat is the bottom screen of a
/// screen stack on a host node, with a gear that opens the settings; its nodes are
/// not focusable (its keys go to the thermostat, as without the settings), so the
/// thermostat's screen keeps no focus.
pub fn build_showcase(world: &mut ShowcaseWorld, layout: &Layout) -> Result<ShowcaseScene, Error> {
    let root = world.root();
    #[cfg(not(feature = "settings"))]
    let ids = ThermostatScene { layout }.instantiate(world, root)?;
    #[cfg(feature = "settings")]
    let (ids, host, gear) = {
        use sprig_ui::{ScreenStack, ScreenTransition};
        let host = SettingsHost { layout }.instantiate(world, root)?;
        let ids = ScreenStack::push(
            world,
            host.stack,
            ThermostatScene { layout },
            ScreenTransition::None,
        )?;
        let gear = settings::Gear {
            place: layout.settings.gear,
            palette: &layout.palette,
            antialias: layout.antialias,
        }
        .instantiate(world, ids.app)?
        .top;
        let buttons = [ids.minus.top, ids.plus.top, gear];
        let items = [ids.heat.item, ids.cool.item, ids.auto.item, ids.off.item];
        for node in buttons.into_iter().chain(items) {
            world.set_focusable(node, false)?;
        }
        world.set_focus(None)?;
        world
            .comp_mut(host.navigator)?
            .attach(ids.thermostat.id(), gear);
        (ids, host, gear)
    };
    Ok(ShowcaseScene {
        app: ids.app,
        thermostat: ids.thermostat.id(),
        ring: ids.ring,
        buttons: [ids.minus.top, ids.plus.top],
        items: [ids.heat.item, ids.cool.item, ids.auto.item, ids.off.item],
        flame: ids.flame,
        #[cfg(feature = "settings")]
        gear,
        #[cfg(feature = "settings")]
        stack: host.stack,
        #[cfg(feature = "settings")]
        navigator: host.navigator,
    })
}
