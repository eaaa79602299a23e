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
//! and Down; A goes to the next mode).

pub mod ease;
pub mod layout;
pub mod thermostat;
pub mod widgets;

use sprig::render::font::CellFont;
use sprig::render::{Label, Shape};
use sprig::{world, CompId, Error, NodeId, Vec2};
use sprig_ui::transition::Transition;
use sprig_ui::{Button, Tween};

pub use layout::{Layout, Place};
pub use thermostat::{
    Clock, Demand, Dial, Mode, ModeMenu, Palette, StatusLight, Stepper, Thermostat, STEP,
};
pub use widgets::{Ring, Segments};

world! {
    /// The showcase's world: 32 nodes, and room for the components its scene adds on
    /// any panel.
    pub type ShowcaseWorld = World {
        nodes: 32,
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
            Ring: 1,
            Shape: 8,
            Label: 10,
        },
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
}

/// Creates a node under `parent` at `place`, its anchor in the middle.
fn node_at(
    world: &mut ShowcaseWorld,
    parent: NodeId,
    name: &str,
    place: Place,
) -> Result<NodeId, Error> {
    let node = world.create_child(parent, name)?;
    world.set_position(node, place.at)?;
    world.set_content_size(node, place.size)?;
    Ok(node)
}

/// A label in `font` (a cell font: `embedded-graphics`' ASCII fonts, drawn a row at a
/// time) and `color`.
fn label(
    text: &str,
    font: &'static CellFont,
    color: embedded_graphics::pixelcolor::Rgb888,
) -> Label {
    Label::new(text).with_font(font).with_color(color)
}

/// Builds the showcase under the world's root, laid out by `layout`.
pub fn build_showcase(world: &mut ShowcaseWorld, layout: &Layout) -> Result<ShowcaseScene, Error> {
    let p = &layout.palette;
    let root = world.root();
    let (w, h) = (layout.size.width as f32, layout.size.height as f32);
    let app = node_at(
        world,
        root,
        "Thermostat",
        Place::new(w / 2.0, h / 2.0, w, h),
    )?;
    // Children are placed in panel coordinates: the app's anchor space starts at its
    // bottom-left corner.
    world.set_anchor(app, Vec2::ZERO)?;
    world.set_position(app, Vec2::ZERO)?;

    let ring = node_at(world, app, "Dial", layout.ring)?;
    let ring_comp = world.add_component(
        ring,
        Ring {
            start_degrees: -135.0,
            sweep_degrees: 270.0,
            value: 0.0,
            width: layout.ring_width,
            track: p.track,
            fill: p.modes[0],
        },
    )?;
    let knob = node_at(
        world,
        ring,
        "Knob",
        Place::new(0.0, 0.0, layout.knob, layout.knob),
    )?;
    world.add_component(
        knob,
        Shape::ellipse()
            .with_fill(p.text)
            .with_stroke(p.background, layout.knob / 6.0),
    )?;

    let digits = node_at(world, app, "Target", layout.digits)?;
    let mut segments = Segments::new("", p.text);
    segments.off = p.ghost;
    let digits_comp = world.add_component(digits, segments)?;
    let degree = node_at(world, app, "Degree", layout.degree)?;
    world.add_component(
        degree,
        Shape::ellipse().with_stroke(p.text, layout.degree.size.width / 4.0),
    )?;
    let room = node_at(
        world,
        app,
        "Room",
        Place::new(layout.room.0.x, layout.room.0.y, 1.0, 1.0),
    )?;
    let room_comp = world.add_component(room, label("", layout.room.1, p.dim))?;
    let mut model = Thermostat::new(215, 19.0, Mode::Heat, digits_comp, room_comp);
    if let Some((at, font)) = layout.status {
        let status = node_at(world, app, "Status", Place::new(at.x, at.y, 1.0, 1.0))?;
        model.status_label = Some(world.add_component(status, label("", font, p.dim))?);
    }
    let thermostat = world.add_component(app, model)?;
    world.add_component(
        ring,
        Dial::new(
            thermostat,
            ring_comp,
            knob,
            layout.ring.size.width / 2.0 - layout.ring_width / 2.0,
            p,
        ),
    )?;

    let light = node_at(world, app, "Light", layout.light)?;
    world.add_component(light, Shape::ellipse().with_fill(p.modes[0]))?;
    world.add_component(light, StatusLight::new(thermostat, p))?;

    let clock = node_at(
        world,
        app,
        "Clock",
        Place::new(layout.clock.0.x, layout.clock.0.y, 1.0, 1.0),
    )?;
    world.add_component(clock, label("07:30", layout.clock.1, p.text))?;
    world.add_component(clock, Clock::new(7, 30))?;

    let mut buttons = [app; 2];
    for (k, (name, step)) in [("Minus", -STEP), ("Plus", STEP)].into_iter().enumerate() {
        let place = layout.buttons[k];
        let button = node_at(world, app, name, place)?;
        world.add_component(
            button,
            Shape::rounded_rectangle(place.size.height / 2.0).with_fill(p.track),
        )?;
        world.add_component(button, label(["-", "+"][k], layout.button_font, p.text))?;
        world.add_component(
            button,
            Button::new().with_transition(Transition::zoom(0.86, 0.3)),
        )?;
        world.add_component(button, Stepper { thermostat, step })?;
        buttons[k] = button;
    }

    let menu = world.create_child(app, "Menu")?;
    let highlight = node_at(
        world,
        menu,
        "Highlight",
        Place::new(0.0, 0.0, layout.item.width, layout.item.height),
    )?;
    world.add_component(
        highlight,
        Shape::rounded_rectangle(layout.item.height / 2.0).with_fill(p.modes[0]),
    )?;
    let mut items = [(menu, thermostat); 4];
    for (k, mode) in Mode::ALL.into_iter().enumerate() {
        let at = layout.items[k];
        let item = node_at(
            world,
            menu,
            mode.name(),
            Place::new(at.x, at.y, layout.item.width, layout.item.height),
        )?;
        let text = world.add_component(item, label(mode.name(), layout.item_font, p.dim))?;
        world.add_component(item, Button::new())?;
        items[k] = (item, text);
    }
    world.add_component(menu, ModeMenu::new(thermostat, highlight, items, p))?;

    Ok(ShowcaseScene {
        app,
        thermostat,
        ring,
        buttons,
        items: items.map(|(node, _)| node),
    })
}
