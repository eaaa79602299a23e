//! Desktop simulator for Sprig apps.
//!
//! `Run` runs an app: in a window when there is a display (mouse as touch, keys as
//! buttons, F1 for an overlay), otherwise headless, writing every frame as a PNG; with
//! the command-line flags of `Options`, stats per frame, and input recorded and
//! replayed. [`present`] is how the panel's pixels look on the desktop, the same in the
//! window and in the PNGs. [`describe_tree`] prints a world as text.
//!
//! Without the default `desktop` feature, the crate is [`Recording`] (the replay file)
//! and [`present`] (the panel's look) only, and builds for `wasm32-unknown-unknown`:
//! `sprig-web` runs the same apps in a browser with them.
//!
//! `docs/simulator.md` in the repository describes every flag with its default, the keys
//! and mouse, the replay file, the stats, and how to write a golden-image test for an app.
#![forbid(unsafe_code)]

// The guide's Rust examples are doctests of this crate, so they cannot drift from the API.
#[cfg(all(doctest, feature = "desktop"))]
#[doc = include_str!("../../docs/simulator.md")]
struct SimulatorGuide;

#[cfg(feature = "desktop")]
mod error;
#[cfg(feature = "desktop")]
mod options;
pub mod present;
mod record;
#[cfg(feature = "desktop")]
mod runner;
#[cfg(feature = "desktop")]
mod window;

#[cfg(feature = "desktop")]
pub use error::AppError;
#[cfg(feature = "desktop")]
pub use options::{FrameRecord, Options, Panel, ASSUMED_SCREEN, DEFAULT_SCALE, KEYS_AND_MOUSE};
pub use record::{FrameInput, InputRecord, Recording};
#[cfg(feature = "desktop")]
pub use runner::{Run, RunSummary};
#[cfg(feature = "desktop")]
pub use window::Window;

use std::fmt::Write as _;
use std::path::Path;

use embedded_graphics::pixelcolor::{PixelColor, Rgb888};
pub use embedded_graphics_simulator::BinaryColorTheme;
use embedded_graphics_simulator::SimulatorDisplay;

use sprig::{Dispatch, Error, NodeId, World};

/// Renders the subtree under the root as text: one line per node, indented by depth,
/// with its zIndex, activity and the world position of its anchor.
pub fn describe_tree<
    S,
    const N: usize,
    const C: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
    const LS: usize,
>(
    world: &mut World<S, N, C, TM, E, TR, LS>,
) -> Result<String, Error>
where
    S: Dispatch,
{
    let mut out = String::new();
    let root = world.root();
    describe_node(world, root, 0, &mut out)?;
    Ok(out)
}

fn describe_node<
    S,
    const N: usize,
    const C: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
    const LS: usize,
>(
    world: &mut World<S, N, C, TM, E, TR, LS>,
    node: NodeId,
    depth: usize,
    out: &mut String,
) -> Result<(), Error>
where
    S: Dispatch,
{
    let name = if node == world.root() {
        "<root>"
    } else {
        world.name(node)?
    };
    let name = name.to_owned();
    let p = world.convert_to_world_space_ar(node, sprig::Vec2::ZERO)?;
    let state = if world.active_in_hierarchy(node)? {
        "active"
    } else {
        "inactive"
    };
    let _ = writeln!(
        out,
        "{:indent$}{name:<12} z={:<4} {state:<8} world=({:.1}, {:.1})",
        "",
        world.z_index(node)?,
        p.x,
        p.y,
        indent = depth * 2
    );
    let children: Vec<NodeId> = world.children(node)?.collect();
    for child in children {
        describe_node(world, child, depth + 1, out)?;
    }
    Ok(())
}

/// Saves a simulator display as a PNG, each pixel drawn `scale` × `scale` in `theme`,
/// creating the folder if needed.
pub fn save_png<C>(
    display: &SimulatorDisplay<C>,
    path: &Path,
    scale: u32,
    theme: BinaryColorTheme,
) -> Result<(), String>
where
    C: PixelColor + Into<Rgb888>,
{
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    }
    present::output_image(display, scale, theme)
        .save_png(path)
        .map_err(|e| format!("{}: {e}", path.display()))
}
