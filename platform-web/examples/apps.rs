//! The repository's example apps in one WebAssembly module, as `cargo xtask web` puts
//! them on a page: the showcase on its three panels, breakout, and the getting-started
//! guide's hello, each built and rendered exactly as its desktop binary does (same
//! world, same renderer, same background), so a replay gives the simulator's pixels.

use embedded_graphics::pixelcolor::{Gray4, GrayColor, Rgb565, Rgb888};
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::render::Renderer;
use sprig_examples::breakout::{build_breakout, BreakoutWorld, Score};
use sprig_examples::hello::{build, HelloWorld};
use sprig_examples::showcase::Thermostat;
use sprig_examples::{
    build_showcase, Layout, ShowcaseColorRenderer, ShowcaseOledRenderer, ShowcaseWorld,
};
use sprig_web::{export_apps, App, BinaryColorTheme, Session};

/// The apps by name: `showcase`, `showcase-color`, `showcase-wide`, `breakout`, `hello`.
fn apps(name: &str, theme: BinaryColorTheme) -> Option<Box<dyn App>> {
    match name {
        "showcase" | "showcase-color" | "showcase-wide" => showcase(name, theme),
        "breakout" => breakout(theme),
        "hello" => hello(theme),
        _ => None,
    }
}

export_apps!(apps);

/// The showcase on its panel, as `showcase --panel oled|color|wide` runs it; its readout
/// is the target in tenths of a degree.
fn showcase(name: &str, theme: BinaryColorTheme) -> Option<Box<dyn App>> {
    let layout = match name {
        "showcase-color" => &Layout::SQUARE,
        "showcase-wide" => &Layout::WIDE,
        _ => &Layout::OLED,
    };
    let mut world = Box::new(ShowcaseWorld::new());
    let scene = build_showcase(&mut world, layout).ok()?;
    let background = layout.palette.background;
    let target = move |world: &ShowcaseWorld| {
        world
            .get::<Thermostat>(scene.thermostat)
            .ok()
            .map(|t| t.target_tenths())
    };
    if name == "showcase" {
        let renderer = Box::new(ShowcaseOledRenderer::new(
            layout.size,
            background,
            BusCost::GRAY4_SSD0323,
        ));
        let clear = Gray4::from(background);
        Some(Box::new(
            Session::new(world, renderer, layout.size, clear, theme).with_readout(target),
        ))
    } else {
        let renderer = Box::new(ShowcaseColorRenderer::new(
            layout.size,
            background,
            BusCost::RGB565_MIPI_DCS,
        ));
        let clear = Rgb565::from(background);
        Some(Box::new(
            Session::new(world, renderer, layout.size, clear, theme).with_readout(target),
        ))
    }
}

/// Breakout, played by the page's input (no autopilot, as with a window or a replay);
/// its readout is the points.
fn breakout(theme: BinaryColorTheme) -> Option<Box<dyn App>> {
    let size = Size::new(128, 64);
    let mut world = Box::new(BreakoutWorld::new());
    let game = build_breakout(&mut world, false).ok()?;
    let renderer: Box<Renderer<Gray4, 48, 1024>> = Box::new(Renderer::new(
        size,
        Rgb888::new(0, 0, 0),
        BusCost::GRAY4_SSD0323,
    ));
    let points = move |world: &BreakoutWorld| {
        let score = world.component_of::<Score>(game.score).ok()??;
        world.get::<Score>(score).ok().map(|s| s.points as i32)
    };
    Some(Box::new(
        Session::new(world, renderer, size, Gray4::BLACK, theme).with_readout(points),
    ))
}

/// The getting-started guide's app.
fn hello(theme: BinaryColorTheme) -> Option<Box<dyn App>> {
    let size = Size::new(128, 64);
    let mut world = Box::new(HelloWorld::new());
    build(&mut world).ok()?;
    let renderer: Box<Renderer<Gray4, 8, 1024>> = Box::new(Renderer::new(
        size,
        Rgb888::new(0, 0, 0),
        BusCost::GRAY4_SSD0323,
    ));
    Some(Box::new(Session::new(
        world,
        renderer,
        size,
        Gray4::BLACK,
        theme,
    )))
}
