//! The flash each `sprig-ui` widget costs, on the emulated board: one firmware built once
//! per widget by `SPRIG_WIDGET_COST` at compile time, and the sections compared with the
//! baseline's (`cargo xtask size --widgets` does it all and prints the table).
//!
//! - `baseline`: a world of `Shape` and `Label`: a rectangle and a focusable label drawn,
//!   an empty node of 40 × 24 in the middle of the panel, a key pressed (Down, then A)
//!   and a touch (down, moved, up) on that node, ticked and rendered to a panel that
//!   keeps no pixel;
//! - each widget (`button`, `toggle`, `slider`, `list`, `focusgroup`, `checkbox`,
//!   `spinbox`, `dropdown`, `roller`, `led`, `spinner`, `arc`, `scale`, `chart`,
//!   `textarea`, `keyboard`, `screenstack`, `messagebox`, `tween`, `table`, `tabview`,
//!   `tileview`): the same world with
//!   that widget in its component set (and room for the `Shape`s and `Label`s it makes,
//!   and the parts it needs: the `Backdrop` of a dropdown, the `Tween` and `BlockInput`
//!   of a screen stack, the buttons of a message box), the widget on that node, the same
//!   key and touch, the same frames. `keyboard` is `textarea` plus a `Keyboard` typing
//!   into it; `arc` needs `--features arc` (`sprig-ui`'s `arc`, which turns on the
//!   core's arcs: a build of any other widget leaves it off, so it is part of `arc`'s
//!   cost).
//!
//! Every world has 32 nodes, so the difference in `.bss` is the component slots the
//! widget adds (its own and those of the parts it makes).
//!
//! ```sh
//! cd boards/qemu-lm3s6965
//! SPRIG_WIDGET_COST=dropdown cargo build --release --bin widget-cost &&
//!   llvm-size -A ../../target/boards/thumbv7m-none-eabi/release/widget-cost
//! SPRIG_WIDGET_COST=arc cargo run --release --features arc --bin widget-cost
//! ```
//!
//! It logs `widget cost <name>: <n> px flushed, <e> hook errors` and exits 0; with a hook
//! error (a part it could not make) it exits 4. An unknown name fails the build.
#![no_std]
#![no_main]

use cortex_m as _; // its single-core critical section, for defmt
use cortex_m_rt::entry;
use defmt_semihosting as _;
use embedded_graphics::pixelcolor::{Gray4, Rgb888};
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::render::{Clip, Label, Renderer, Shape};
use sprig::{scene, world, Comp, Error, Key, NodeId, Size2, TouchPhase, Vec2};
use sprig_ui::transition::{ButtonState, PerState, Transition};
#[cfg(feature = "arc")]
use sprig_ui::Arc;
use sprig_ui::{tween, Easing, Props};
use sprig_ui::{Backdrop, BlockInput, Button, Chart, ChartKind, Checkbox, Direction, Dropdown};
use sprig_ui::{FocusGroup, Keyboard, Led, List, MessageBox, MessageBoxStyle, Roller, Scale};
use sprig_ui::{ScaleLayout, ScreenStack, ScreenTransition, SlideDirection, Slider, Spinbox};
use sprig_ui::{Spinner, TabView, Table, TextArea, Tileview, Toggle, Tween};
use static_cell::StaticCell;

/// What this build measures: `SPRIG_WIDGET_COST`, `baseline` when unset.
const WHAT: &str = match option_env!("SPRIG_WIDGET_COST") {
    Some(what) => what,
    None => "baseline",
};

/// Every name `SPRIG_WIDGET_COST` takes, in the order of the xtask's table.
const NAMES: [&str; 23] = [
    "baseline",
    "button",
    "toggle",
    "slider",
    "list",
    "focusgroup",
    "checkbox",
    "spinbox",
    "dropdown",
    "roller",
    "led",
    "spinner",
    "arc",
    "scale",
    "chart",
    "textarea",
    "keyboard",
    "screenstack",
    "messagebox",
    "tween",
    "table",
    "tabview",
    "tileview",
];

const fn is(name: &str) -> bool {
    let (a, b) = (WHAT.as_bytes(), name.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn known() -> bool {
    let mut i = 0;
    while i < NAMES.len() {
        if is(NAMES[i]) {
            return true;
        }
        i += 1;
    }
    false
}

const _: () = assert!(
    known(),
    "SPRIG_WIDGET_COST: not a name of widget-cost.rs's NAMES"
);
#[cfg(not(feature = "arc"))]
const _: () = assert!(
    !is("arc"),
    "SPRIG_WIDGET_COST=arc needs the board's feature: --features arc"
);

#[path = "../sink.rs"]
mod sink;
use sink::Sink;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    defmt::error!("panic");
    semihosting::process::exit(101)
}

#[entry]
fn main() -> ! {
    let status = match run() {
        Ok(0) => 0,
        Ok(errors) => {
            defmt::error!(
                "widget cost {=str}: {=u32} hook errors (a part not made?)",
                WHAT,
                errors
            );
            4
        }
        Err(e) => {
            defmt::error!("widget cost {=str} failed: {}", WHAT, e);
            3
        }
    };
    semihosting::process::exit(status)
}

/// Nodes in every world, the root included.
const NODES: usize = 32;

type R = Renderer<Gray4, NODES, 1024>;
static RENDERER: StaticCell<R> = StaticCell::new();

/// The label capacity a `TextArea` (64 bytes) draws its text with.
type Text64 = Label<64>;
/// The chart measured: a day of hourly points.
type Hours = Chart<24>;

// The worlds: the baseline's `Shape: 2, Label: 1`, plus each widget and what it makes.
world! { type Base = World { nodes: 32, components: BaseSet { Shape: 2, Label: 1 } }; }
world! {
    type ButtonW = World { nodes: 32, components: ButtonSet { Shape: 3, Label: 1, Button: 1 } };
}
world! {
    type ToggleW = World { nodes: 32, components: ToggleSet { Shape: 4, Label: 1, Toggle: 1 } };
}
world! {
    type SliderW = World { nodes: 32, components: SliderSet { Shape: 4, Label: 1, Slider: 1 } };
}
world! {
    type ListW = World { nodes: 32, components: ListSet { Shape: 2, Label: 1, List: 1 } };
}
world! {
    type FocusW = World {
        nodes: 32,
        components: FocusSet { Shape: 2, Label: 1, FocusGroup: 1 },
    };
}
world! {
    type CheckboxW = World {
        nodes: 32,
        components: CheckboxSet { Shape: 4, Label: 2, Checkbox: 1 },
    };
}
world! {
    type SpinboxW = World {
        nodes: 32,
        components: SpinboxSet { Shape: 3, Label: 4, Spinbox: 1 },
    };
}
world! {
    type DropdownW = World {
        nodes: 32,
        components: DropdownSet { Shape: 5, Label: 6, Dropdown: 1, Backdrop: 1 },
    };
}
world! {
    type RollerW = World {
        nodes: 32,
        components: RollerSet { Shape: 4, Label: 6, Roller: 1, Clip: 1 },
    };
}
world! { type LedW = World { nodes: 32, components: LedSet { Shape: 3, Label: 1, Led: 1 } }; }
world! {
    type SpinnerW = World { nodes: 32, components: SpinnerSet { Shape: 2, Label: 1, Spinner: 1 } };
}
#[cfg(feature = "arc")]
world! {
    type ArcW = World { nodes: 32, components: ArcSet { Shape: 5, Label: 1, Arc: 1 } };
}
world! {
    type ScaleW = World { nodes: 32, components: ScaleSet { Shape: 2, Label: 5, Scale: 1 } };
}
world! {
    type ChartW = World { nodes: 32, components: ChartSet { Shape: 2, Label: 1, Hours: 1 } };
}
world! {
    type TextAreaW = World {
        nodes: 32,
        components: TextAreaSet { Shape: 5, Label: 1, Text64: 1, Clip: 1, TextArea: 1 },
    };
}
world! {
    type KeyboardW = World {
        nodes: 32,
        components: KeyboardSet {
            Shape: 5, Label: 1, Text64: 1, Clip: 1, TextArea: 1, Keyboard: 1,
        },
    };
}
world! {
    type StackW = World {
        nodes: 32,
        components: StackSet {
            Shape: 4, Label: 1, ScreenStack: 1, Tween: 1, BlockInput: 1,
        },
    };
}
world! {
    type MessageBoxW = World {
        nodes: 32,
        components: MessageBoxSet {
            Shape: 6, Label: 5, MessageBox: 1, BlockInput: 1, FocusGroup: 1, Button: 2,
        },
    };
}
world! {
    type TweenW = World { nodes: 32, components: TweenSet { Shape: 2, Label: 1, Tween: 1 } };
}
/// A `Table` of 4 rows and 3 columns.
type Grid = Table<4, 3>;
world! {
    type TableW = World { nodes: 32, components: TableSet { Shape: 3, Label: 13, Grid: 1, Clip: 1 } };
}
world! {
    type TabViewW = World {
        nodes: 32,
        components: TabViewSet { Shape: 4, Label: 3, TabView: 1, Clip: 1 },
    };
}
world! {
    type TileviewW = World { nodes: 32, components: TileviewSet { Shape: 2, Label: 1, Tileview: 1, Clip: 1 } };
}

scene! {
    /// A screen of the screen stack: one node, a filled rectangle over the host.
    prefab Page in StackW -> PageIds {
        node Page {
            size: (128.0, 64.0),
            Shape = Shape::rectangle().with_fill(Rgb888::new(0, 0, 160)),
        }
    }
}

/// The grey of the shapes.
const GREY: Rgb888 = Rgb888::new(90, 90, 90);

/// What one build does with its world: `setup(world, node, label)` puts the widget on
/// `node` and returns the node to focus (`label`, focusable, when the widget takes no
/// key); `after(world, node)` runs once the key and the touch have been handled and a
/// few frames drawn (a pop, more points).
type Setup<W> = fn(&mut W, NodeId, NodeId) -> Result<NodeId, Error>;
type After<W> = fn(&mut W, NodeId) -> Result<(), Error>;

/// Builds the world `$w`: the baseline's nodes, the widget by `$setup`, then a frame, a
/// key (Down, then A) and a touch on the widget's node, three frames, `$after`, three
/// more frames of `1/30` s. Returns the pixels flushed and the hook errors.
macro_rules! measure {
    ($w:ty, $renderer:expr, $setup:expr) => {
        measure!($w, $renderer, $setup, |_, _| Ok(()))
    };
    ($w:ty, $renderer:expr, $setup:expr, $after:expr) => {{
        static WORLD: StaticCell<$w> = StaticCell::new();
        let world = WORLD.init_with(<$w>::new);
        let root = world.root();
        world.set_content_size(root, Size2::new(128.0, 64.0))?;
        let back = world.create_child(root, "back")?;
        world.set_content_size(back, Size2::new(120.0, 56.0))?;
        world.set_position(back, Vec2::new(64.0, 32.0))?;
        world.add_component(back, Shape::rectangle().with_fill(GREY))?;
        let label = world.create_child(root, "label")?;
        world.set_content_size(label, Size2::new(60.0, 10.0))?;
        world.set_position(label, Vec2::new(64.0, 56.0))?;
        world.set_focusable(label, true)?;
        world.add_component(label, Label::new("cost"))?;
        let node = world.create_child(root, "widget")?;
        world.set_content_size(node, Size2::new(40.0, 24.0))?;
        world.set_position(node, Vec2::new(64.0, 32.0))?;
        let setup: Setup<$w> = $setup;
        let after: After<$w> = $after;
        let focus = setup(world, node, label)?;
        let mut flushed = 0u64;
        let mut frame = |world: &mut $w| -> Result<(), Error> {
            world.tick(1.0 / 30.0)?;
            let Ok(stats) = $renderer.render(world, &mut Sink);
            flushed += stats.pixels_flushed;
            Ok(())
        };
        frame(world)?;
        world.set_focus(Some(focus))?;
        for key in [Key::Down, Key::A] {
            world.key(key, true)?;
            world.key(key, false)?;
        }
        // The node's centre, (64, 32) up from the bottom-left: (64, 32) down from the top.
        world.touch(0, TouchPhase::Down, Vec2::new(64.0, 32.0), 64.0)?;
        frame(world)?;
        world.touch(0, TouchPhase::Move, Vec2::new(70.0, 30.0), 64.0)?;
        frame(world)?;
        world.touch(0, TouchPhase::Up, Vec2::new(70.0, 30.0), 64.0)?;
        frame(world)?;
        after(world, node)?;
        for _ in 0..3 {
            frame(world)?;
        }
        (flushed, world.hook_errors())
    }};
}

/// Measures the widget named by `WHAT`.
fn run() -> Result<u32, Error> {
    let renderer = RENDERER.init_with(|| {
        R::new(
            Size::new(128, 64),
            Rgb888::new(0, 0, 0),
            BusCost::GRAY4_SSD0323,
        )
    });
    let (flushed, errors) = if const { is("button") } {
        measure!(ButtonW, renderer, |w, node, _| {
            w.add_component(node, Shape::rectangle().with_fill(GREY))?;
            let look = PerState::new(GREY).with(ButtonState::Pressed, Rgb888::new(40, 40, 40));
            w.add_component(
                node,
                Button::new().with_transition(Transition::color(look, 0.1)),
            )?;
            Ok(node)
        })
    } else if const { is("toggle") } {
        measure!(ToggleW, renderer, |w, node, _| {
            w.add_component(node, Shape::rectangle().with_fill(GREY))?;
            let mark = w.create_child(node, "mark")?;
            w.set_content_size(mark, Size2::new(8.0, 8.0))?;
            w.add_component(
                mark,
                Shape::rectangle().with_fill(Rgb888::new(255, 255, 255)),
            )?;
            w.add_component(node, Toggle::new().with_checkmark(mark))?;
            Ok(node)
        })
    } else if const { is("slider") } {
        measure!(SliderW, renderer, |w, node, _| {
            w.add_component(node, Shape::rectangle().with_fill(GREY))?;
            let knob = w.create_child(node, "knob")?;
            w.set_content_size(knob, Size2::new(6.0, 24.0))?;
            w.add_component(
                knob,
                Shape::rectangle().with_fill(Rgb888::new(255, 255, 255)),
            )?;
            let slider = Slider::new(Direction::Horizontal).with_handle(knob);
            w.add_component(node, slider.with_step(0.25))?;
            Ok(node)
        })
    } else if const { is("list") } {
        measure!(ListW, renderer, |w, node, _| {
            let content = w.create_child(node, "content")?;
            w.set_content_size(content, Size2::new(40.0, 80.0))?;
            for k in 0..4 {
                let row = w.create_child(content, "row")?;
                w.set_position(row, Vec2::new(0.0, 30.0 - 20.0 * k as f32))?;
                w.set_content_size(row, Size2::new(40.0, 20.0))?;
            }
            w.set_focusable(node, true)?;
            w.add_component(node, List::new(content))?;
            Ok(node)
        })
    } else if const { is("focusgroup") } {
        measure!(FocusW, renderer, |w, node, _| {
            let mut first = None;
            for k in 0..3 {
                let item = w.create_child(node, "item")?;
                w.set_position(item, Vec2::new(0.0, 8.0 - 8.0 * k as f32))?;
                w.set_content_size(item, Size2::new(40.0, 8.0))?;
                w.set_focusable(item, true)?;
                first = first.or(Some(item));
            }
            w.add_component(node, FocusGroup::ordered())?;
            first.ok_or(Error::StaleHandle)
        })
    } else if const { is("checkbox") } {
        measure!(CheckboxW, renderer, |w, node, _| {
            w.add_component(node, Checkbox::new("Wi-Fi")?)?;
            Ok(node)
        })
    } else if const { is("spinbox") } {
        measure!(SpinboxW, renderer, |w, node, _| {
            let spinbox = Spinbox::new(50, 300)?.with_step(5)?.with_digits(3, 1)?;
            w.add_component(node, spinbox.with_value(215))?;
            Ok(node)
        })
    } else if const { is("dropdown") } {
        measure!(DropdownW, renderer, |w, node, _| {
            w.set_content_size(node, Size2::new(60.0, 12.0))?;
            w.add_component(node, Dropdown::new(&["Celsius", "Fahrenheit", "Kelvin"])?)?;
            Ok(node)
        })
    } else if const { is("roller") } {
        measure!(RollerW, renderer, |w, node, _| {
            w.set_content_size(node, Size2::new(40.0, 36.0))?;
            let hours = ["06:00", "07:00", "08:00", "09:00", "10:00"];
            w.add_component(node, Roller::new(&hours)?)?;
            Ok(node)
        })
    } else if const { is("led") } {
        measure!(
            LedW,
            renderer,
            |w, node, label| {
                w.set_content_size(node, Size2::new(8.0, 8.0))?;
                w.add_component(node, Led::new(Rgb888::new(255, 80, 0)))?;
                Ok(label)
            },
            |w, node| {
                let led = w.component_of::<Led>(node)?.ok_or(Error::StaleHandle)?;
                w.get_mut::<Led>(led)?.toggle();
                Ok(())
            }
        )
    } else if const { is("spinner") } {
        measure!(SpinnerW, renderer, |w, node, label| {
            w.set_content_size(node, Size2::new(24.0, 24.0))?;
            w.add_component(node, Spinner::new())?;
            Ok(label)
        })
    } else if const { is("arc") } {
        arc(renderer)?
    } else if const { is("scale") } {
        measure!(ScaleW, renderer, |w, node, label| {
            w.set_content_size(node, Size2::new(90.0, 16.0))?;
            let scale = Scale::new(ScaleLayout::Horizontal, 0, 60)?.with_ticks(7, 2)?;
            w.add_component(node, scale)?;
            Ok(label)
        })
    } else if const { is("chart") } {
        measure!(
            ChartW,
            renderer,
            |w, node, label| {
                w.set_content_size(node, Size2::new(96.0, 40.0))?;
                let chart = w.add_component(node, Hours::new(ChartKind::Line))?;
                for hour in 0..8 {
                    w.get_mut::<Hours>(chart)?.push(18.0 + (hour % 5) as f32)?;
                }
                Ok(label)
            },
            |w, node| {
                let chart = w.component_of::<Hours>(node)?.ok_or(Error::StaleHandle)?;
                w.get_mut::<Hours>(chart)?.push(21.5)
            }
        )
    } else if const { is("textarea") } {
        measure!(TextAreaW, renderer, |w, node, _| {
            w.set_content_size(node, Size2::new(80.0, 14.0))?;
            let area = TextArea::new().with_placeholder("Password")?;
            let area = w.add_component(node, area)?;
            w.get_mut::<TextArea>(area)?.insert("hunter2")?;
            Ok(node)
        })
    } else if const { is("keyboard") } {
        measure!(KeyboardW, renderer, |w, node, label| {
            let field = w.create_child(label, "field")?;
            w.set_content_size(field, Size2::new(80.0, 12.0))?;
            let area = w.add_component(field, TextArea::new().with_placeholder("Password")?)?;
            w.get_mut::<TextArea>(area)?.insert("hunter2")?;
            w.set_content_size(node, Size2::new(100.0, 40.0))?;
            w.add_component(node, Keyboard::new().with_target(field))?;
            Ok(node)
        })
    } else if const { is("screenstack") } {
        measure!(
            StackW,
            renderer,
            |w, node, label| {
                w.set_content_size(node, Size2::new(128.0, 64.0))?;
                let stack = <ScreenStack>::attach(w, node)?;
                <ScreenStack>::push(w, stack, Page {}, ScreenTransition::None)?;
                let slide = ScreenTransition::slide(SlideDirection::Left, 0.1, Easing::Linear);
                <ScreenStack>::push(w, stack, Page {}, slide)?;
                Ok(label)
            },
            |w, node| {
                let stack = w
                    .component_of::<ScreenStack>(node)?
                    .ok_or(Error::StaleHandle)?;
                <ScreenStack>::pop(w, Comp::new(stack))?;
                Ok(())
            }
        )
    } else if const { is("messagebox") } {
        measure!(MessageBoxW, renderer, |w, node, _| {
            w.set_content_size(node, Size2::new(128.0, 64.0))?;
            let style = MessageBoxStyle::default();
            let dialog = MessageBox::open(w, node, "Wi-Fi", "Forget it?", &["OK", "No"], style)?;
            dialog.buttons.first().copied().ok_or(Error::StaleHandle)
        })
    } else if const { is("tween") } {
        measure!(TweenW, renderer, |w, node, label| {
            tween(node)
                .to(0.1, Props::new().scale(1.2), Easing::BackOut)
                .by(0.1, Props::new().angle_degrees(90.0), Easing::Linear)
                .start(w)?;
            Ok(label)
        })
    } else if const { is("table") } {
        measure!(TableW, renderer, |w, node, label| {
            w.set_content_size(node, Size2::new(80.0, 30.0))?;
            let mut grid = Grid::new();
            grid.set_cell(0, 0, "Mon")?;
            grid.set_cell(3, 2, "21.5")?;
            w.add_component(node, grid)?;
            Ok(label)
        })
    } else if const { is("tabview") } {
        measure!(TabViewW, renderer, |w, node, label| {
            w.set_content_size(node, Size2::new(96.0, 48.0))?;
            let (a, b) = (w.create_child(node, "a")?, w.create_child(node, "b")?);
            w.add_component(node, TabView::new(&[("Home", a), ("Wi-Fi", b)])?)?;
            Ok(label)
        })
    } else if const { is("tileview") } {
        measure!(TileviewW, renderer, |w, node, label| {
            w.set_content_size(node, Size2::new(96.0, 48.0))?;
            let (a, b) = (w.create_child(node, "a")?, w.create_child(node, "b")?);
            w.add_component(node, Tileview::new(&[(0, 0, a), (1, 0, b)])?)?;
            Ok(label)
        })
    } else {
        measure!(Base, renderer, |_, _, label| Ok(label))
    };
    defmt::info!(
        "widget cost {=str}: {=u64} px flushed, {=u32} hook errors",
        WHAT,
        flushed,
        errors
    );
    Ok(errors)
}

/// The `Arc` dial (feature `arc`).
#[cfg(feature = "arc")]
fn arc(renderer: &mut R) -> Result<(u64, u32), Error> {
    Ok(measure!(ArcW, renderer, |w, node, _| {
        w.set_content_size(node, Size2::new(48.0, 48.0))?;
        let dial = Arc::new(100, 300)?.with_step(5)?.with_value(215);
        w.add_component(node, dial)?;
        Ok(node)
    }))
}

/// Without the feature the build of `arc` is refused above; this is never called.
#[cfg(not(feature = "arc"))]
fn arc(_: &mut R) -> Result<(u64, u32), Error> {
    Err(Error::InvalidValue)
}
