//! A desktop window for the simulator: the panel (an `embedded-graphics-simulator`
//! display) enlarged in a `minifb` window, which loads X11 at run time, so building
//! needs no system package and a machine without a display simply gets no window.
//! Mouse becomes touch 0, the keyboard becomes buttons, F1 toggles an overlay.

use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{OriginDimensions, Point, Size};
use embedded_graphics::mono_font::{ascii::FONT_6X10, MonoTextStyle};
use embedded_graphics::pixelcolor::{PixelColor, Rgb888, RgbColor};
use embedded_graphics::text::{Baseline, Text};
use embedded_graphics::{Drawable, Pixel};
use embedded_graphics_simulator::{BinaryColorTheme, SimulatorDisplay};
use minifb::{KeyRepeat, MouseButton, MouseMode, WindowOptions};

use crate::InputRecord;

/// An open simulator window.
pub struct Window {
    window: minifb::Window,
    size: Size,
    scale: u32,
    buffer: Vec<u32>,
    mouse_down: bool,
    overlay: bool,
    theme: BinaryColorTheme,
}

impl Window {
    /// Opens a window for app `name` on a panel of `size` pixels, each drawn `scale` ×
    /// `scale`, titled with the app's name and the panel's size (`showcase - 128x64 panel
    /// - Sprig simulator`); `None` when there is no display to open it on.
    pub fn open(name: &str, size: Size, scale: u32, theme: BinaryColorTheme) -> Option<Window> {
        std::env::var_os("DISPLAY")?;
        let title = Window::title(name, size);
        let title = title.as_str();
        let (w, h) = (
            (size.width * scale) as usize,
            (size.height * scale) as usize,
        );
        let mut window = minifb::Window::new(title, w, h, WindowOptions::default()).ok()?;
        window.set_target_fps(60);
        Some(Window {
            window,
            size,
            scale,
            buffer: vec![0; w * h],
            mouse_down: false,
            overlay: false,
            theme,
        })
    }

    /// The size in pixels of the screen windows open on, read from `xwininfo -root`
    /// (X11's `x11-utils`); `None` without a display or without the tool.
    pub fn screen_size() -> Option<Size> {
        std::env::var_os("DISPLAY")?;
        let out = std::process::Command::new("xwininfo")
            .arg("-root")
            .stderr(std::process::Stdio::null())
            .output()
            .ok()?;
        if !out.status.success() {
            return None;
        }
        parse_xwininfo(&String::from_utf8_lossy(&out.stdout))
    }

    /// The window's title for app `name` on a panel of `size`.
    pub fn title(name: &str, size: Size) -> String {
        format!(
            "{name} - {}x{} panel - Sprig simulator",
            size.width, size.height
        )
    }

    /// Whether the window is still open (closing it or pressing Escape ends the run).
    pub fn is_open(&self) -> bool {
        self.window.is_open() && !self.window.is_key_down(minifb::Key::Escape)
    }

    /// The input since the last call, in panel pixels: the left mouse button is touch 0;
    /// arrows, Z/Enter (A), X/Backspace (B), S (start) and Tab (select) are buttons. F1
    /// toggles the overlay.
    pub fn input(&mut self) -> Vec<InputRecord> {
        let mut events = Vec::new();
        let scale = self.scale as f32;
        if let Some((x, y)) = self.window.get_mouse_pos(MouseMode::Clamp) {
            let (x, y) = (x / scale, y / scale);
            let down = self.window.get_mouse_down(MouseButton::Left);
            let phase = match (self.mouse_down, down) {
                (false, true) => Some(sprig::TouchPhase::Down),
                (true, true) => Some(sprig::TouchPhase::Move),
                (true, false) => Some(sprig::TouchPhase::Up),
                (false, false) => None,
            };
            if let Some(phase) = phase {
                events.push(InputRecord::Touch { id: 0, phase, x, y });
            }
            self.mouse_down = down;
        }
        let map = |key: minifb::Key| match key {
            minifb::Key::Up => Some(sprig::Key::Up),
            minifb::Key::Down => Some(sprig::Key::Down),
            minifb::Key::Left => Some(sprig::Key::Left),
            minifb::Key::Right => Some(sprig::Key::Right),
            minifb::Key::Z | minifb::Key::Enter => Some(sprig::Key::A),
            minifb::Key::X | minifb::Key::Backspace => Some(sprig::Key::B),
            minifb::Key::S => Some(sprig::Key::Start),
            minifb::Key::Tab => Some(sprig::Key::Select),
            _ => None,
        };
        for key in self.window.get_keys_pressed(KeyRepeat::No) {
            if key == minifb::Key::F1 {
                self.overlay = !self.overlay;
            }
            if let Some(key) = map(key) {
                events.push(InputRecord::Key { key, pressed: true });
            }
        }
        for key in self.window.get_keys_released() {
            if let Some(key) = map(key) {
                events.push(InputRecord::Key {
                    key,
                    pressed: false,
                });
            }
        }
        events
    }

    /// Shows the panel, and the overlay lines when F1 turned it on.
    pub fn present<C>(
        &mut self,
        display: &SimulatorDisplay<C>,
        overlay: &[String],
    ) -> Result<(), String>
    where
        C: PixelColor + Into<Rgb888>,
    {
        crate::present::window_pixels(display, self.scale, self.theme, &mut self.buffer);
        if self.overlay {
            let mut target = Overlay {
                buffer: &mut self.buffer,
                size: Size::new(self.size.width * self.scale, self.size.height * self.scale),
            };
            let style = MonoTextStyle::new(&FONT_6X10, Rgb888::YELLOW);
            for (k, line) in overlay.iter().enumerate() {
                let _ = Text::with_baseline(
                    line,
                    Point::new(2, 2 + 10 * k as i32),
                    style,
                    Baseline::Top,
                )
                .draw(&mut target);
            }
        }
        let (w, h) = (
            (self.size.width * self.scale) as usize,
            (self.size.height * self.scale) as usize,
        );
        self.window
            .update_with_buffer(&self.buffer, w, h)
            .map_err(|e| e.to_string())
    }
}

/// The window's pixels as a draw target, for the overlay text.
struct Overlay<'a> {
    buffer: &'a mut [u32],
    size: Size,
}

impl OriginDimensions for Overlay<'_> {
    fn size(&self) -> Size {
        self.size
    }
}

impl DrawTarget for Overlay<'_> {
    type Color = Rgb888;
    type Error = core::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Rgb888>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Self::Error> {
        for Pixel(p, c) in pixels {
            if p.x >= 0
                && p.y >= 0
                && (p.x as u32) < self.size.width
                && (p.y as u32) < self.size.height
            {
                let i = (p.y as u32 * self.size.width + p.x as u32) as usize;
                self.buffer[i] = u32::from(c.r()) << 16 | u32::from(c.g()) << 8 | u32::from(c.b());
            }
        }
        Ok(())
    }
}

/// The root window's `Width:` and `Height:` in `xwininfo -root`'s output.
fn parse_xwininfo(text: &str) -> Option<Size> {
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.trim().strip_prefix(name))
            .and_then(|v| v.trim().parse::<u32>().ok())
    };
    Some(Size::new(field("Width:")?, field("Height:")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_screen_size_is_read_from_xwininfo() {
        let text = "\nxwininfo: Window id: 0x4f5 (the root window) (has no name)\n\n  \
            Absolute upper-left X:  0\n  Relative upper-left Y:  0\n  Width: 1920\n  \
            Height: 1080\n  Depth: 24\n";
        assert_eq!(parse_xwininfo(text), Some(Size::new(1920, 1080)));
        assert_eq!(parse_xwininfo("  Width: 1920\n"), None);
        assert_eq!(parse_xwininfo("  Width: x\n  Height: 1\n"), None);
    }
}
