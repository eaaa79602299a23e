//! A busy indicator (LVGL `lv_spinner`): a ring of [`SPINNER_DOTS`] dots round which a
//! lit dot runs clockwise with a fading tail, while something takes its time.
//!
//! - **Look.** The dots sit on the circle inscribed in the node's content box (the
//!   largest that fits, centred), each a disc a fifth of that circle's radius across
//!   the radius, anti-aliased; the first is at the top. The lit dot is drawn in
//!   [`color`](Spinner::color), the two behind it at two thirds and one third of the way
//!   from [`track`](Spinner::track) to it, the others in `track`.
//! - **Time.** The lit dot moves on by one dot every `period_seconds / SPINNER_DOTS`
//!   (one turn a second by default), counted in whole milliseconds of the frames' `dt`
//!   so that a replay turns it alike; [`spinning`](Spinner::spinning) `false` holds it.
//! - **Damage.** The spinner is its own drawable (one node, no parts, no cargo
//!   feature): a step repaints only the boxes of the dots whose colour changed (four of
//!   eight), not the whole ring.
//!
//! ```
//! use sprig::{world, Size2};
//! use sprig_ui::Spinner;
//!
//! world! { type App = World { nodes: 4, components: Set { Spinner: 1 } }; }
//!
//! let mut world = App::new();
//! let node = world.create_child(world.root(), "Busy")?;
//! world.set_content_size(node, Size2::new(24.0, 24.0))?;
//! let spinner = world.add_component(node, Spinner::new())?; // a turn a second
//! assert_eq!(world.get::<Spinner>(spinner)?.lit_dot(), 0);
//! for _ in 0..3 {
//!     world.tick(0.125)?; // an eighth of a turn
//! }
//! assert_eq!(world.get::<Spinner>(spinner)?.lit_dot(), 3);
//! # Ok::<(), sprig::Error>(())
//! ```

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::{Canvas, Draw, Fingerprint, RenderColor};
use sprig::{component, AnyWorld, Ctx, HookResult, Hooks, Rect, Vec2};

use crate::angle;
use crate::stroke::{coverage_of, mix};

/// How many dots a [`Spinner`]'s ring has.
pub const SPINNER_DOTS: u8 = 8;

/// A busy indicator; see the module doc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spinner {
    /// The lit dot's colour.
    pub color: Rgb888,
    /// The unlit dots' colour.
    pub track: Rgb888,
    /// Seconds a turn takes.
    pub period_seconds: f32,
    /// Whether it turns.
    pub spinning: bool,
    lit: u8,
    /// Milliseconds into the present step.
    step_ms: u32,
}

/// Milliseconds in `seconds`, rounded; negative or not finite counts as 0.
fn millis(seconds: f32) -> u32 {
    if seconds.is_finite() && seconds > 0.0 {
        libm::roundf(seconds * 1000.0) as u32
    } else {
        0
    }
}

impl Spinner {
    /// A spinner turning once a second: a white dot on dark grey ones.
    pub const fn new() -> Self {
        Spinner {
            color: Rgb888::new(255, 255, 255),
            track: Rgb888::new(60, 60, 60),
            period_seconds: 1.0,
            spinning: true,
            lit: 0,
            step_ms: 0,
        }
    }

    /// This spinner in these colours.
    pub const fn with_colors(mut self, color: Rgb888, track: Rgb888) -> Self {
        self.color = color;
        self.track = track;
        self
    }

    /// This spinner taking `period_seconds` a turn.
    pub const fn with_period(mut self, period_seconds: f32) -> Self {
        self.period_seconds = period_seconds;
        self
    }

    /// The lit dot: 0 at the top, counting clockwise.
    pub fn lit_dot(&self) -> u8 {
        self.lit
    }

    /// How lit dot `k` is when dot `lit` leads: 255, 170, 85 down its tail, else 0.
    fn level(lit: u8, k: u8) -> u8 {
        match (lit + SPINNER_DOTS - k) % SPINNER_DOTS {
            0 => 255,
            1 => 170,
            2 => 85,
            _ => 0,
        }
    }

    /// The dots' circle over `content`: its centre, the dots' centre distance and their
    /// radius.
    fn ring(content: Rect) -> (Vec2, f32, f32) {
        let centre = Vec2::new(
            content.x + content.width / 2.0,
            content.y + content.height / 2.0,
        );
        let radius = (content.width.min(content.height) / 2.0).max(0.0);
        let dot = radius / 5.0;
        (centre, radius - dot, dot)
    }

    /// Dot `k`'s centre.
    fn dot_centre(centre: Vec2, along: f32, k: u8) -> Vec2 {
        let d = angle::direction(f32::from(k) * 360.0 / f32::from(SPINNER_DOTS));
        Vec2::new(centre.x + d.x * along, centre.y + d.y * along)
    }
}

impl Default for Spinner {
    fn default() -> Self {
        Spinner::new()
    }
}

#[component(draw)]
impl Hooks for Spinner {
    fn update(&mut self, _ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        if !self.spinning {
            return Ok(());
        }
        let step = (millis(self.period_seconds) / u32::from(SPINNER_DOTS)).max(1);
        let elapsed = self.step_ms.saturating_add(millis(dt_seconds));
        let steps = elapsed / step;
        if steps > 0 {
            self.lit = ((u32::from(self.lit) + steps) % u32::from(SPINNER_DOTS)) as u8;
        }
        self.step_ms = elapsed % step;
        Ok(())
    }
}

impl Draw for Spinner {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let content = canvas.content();
        let (centre, along, dot) = Spinner::ring(content);
        if dot <= 0.0 {
            return;
        }
        let mut dots = [(Vec2::ZERO, self.track); SPINNER_DOTS as usize];
        for (k, slot) in (0..SPINNER_DOTS).zip(dots.iter_mut()) {
            let color = mix(self.track, self.color, Spinner::level(self.lit, k));
            *slot = (Spinner::dot_centre(centre, along, k), color);
        }
        let reach2 = (dot + 1.0) * (dot + 1.0);
        canvas.paint(content, |p| {
            dots.iter().find_map(|&(c, color)| {
                let (dx, dy) = (p.x - c.x, p.y - c.y);
                let d2 = dx * dx + dy * dy;
                if d2 >= reach2 {
                    return None;
                }
                let alpha = coverage_of(dot - libm::sqrtf(d2));
                (alpha > 0.0).then_some((color, (alpha * 255.0 + 0.5) as u8))
            })
        });
    }

    /// The colours; the lit dot is the damage key.
    fn appearance(&self) -> u32 {
        Fingerprint::new()
            .color(self.color)
            .color(self.track)
            .finish()
    }

    fn damage_key(&self) -> u64 {
        u64::from(self.lit)
    }

    /// The boxes of the dots whose colour differs between the two lit dots, a unit
    /// wider on every side (their anti-aliased edges).
    fn changed_area(&self, content: Rect, previous_key: u64) -> Option<Rect> {
        let previous = u8::try_from(previous_key)
            .ok()
            .filter(|&p| p < SPINNER_DOTS)?;
        let (centre, along, dot) = Spinner::ring(content);
        let mut x = (f32::INFINITY, f32::NEG_INFINITY);
        let mut y = (f32::INFINITY, f32::NEG_INFINITY);
        for k in 0..SPINNER_DOTS {
            if Spinner::level(previous, k) != Spinner::level(self.lit, k) {
                let c = Spinner::dot_centre(centre, along, k);
                x = (x.0.min(c.x - dot - 1.0), x.1.max(c.x + dot + 1.0));
                y = (y.0.min(c.y - dot - 1.0), y.1.max(c.y + dot + 1.0));
            }
        }
        if x.0 > x.1 {
            return Some(Rect::new(content.x, content.y, 0.0, 0.0));
        }
        Some(Rect::new(x.0, y.0, x.1 - x.0, y.1 - y.0))
    }
}
