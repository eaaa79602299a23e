//! Frame animation of a sprite (Cocos Creator 2.4 `cc.Animation` playing a clip of
//! sprite frames): a [`SpriteAnimation`] on a node steps the node's
//! [`Sprite`] through a clip's frames at the clip's frame rate,
//! once, in a loop or back and forth, and dispatches [`AnimationEnded`] from the node
//! when a clip played once is over.
//!
//! It lives in the toolkit rather than the core for the reason the tweens do: it is an
//! ordinary component driving another component's field from its `update`, written
//! against `AnyWorld` like any app's own.
//!
//! Time is counted in whole microseconds: each frame's `dt_seconds` is rounded to a
//! microsecond once, and the frame shown is `⌊elapsed · fps / 10⁶⌋` in integers. A
//! replay that feeds the same `dt`s shows the same frames on every machine, and a loop
//! never drifts however long it runs (`docs/images.md`).
//!
//! ```
//! use sprig::render::{Image, Sprite, SpriteSheet};
//! use sprig::world;
//! use sprig_ui::{AnimationClip, SpriteAnimation, WrapMode};
//!
//! static PIXELS: [u8; 32 * 8 * 4] = [0; 32 * 8 * 4];
//! static SHEET: SpriteSheet = SpriteSheet::grid(Image::rgba(&PIXELS, 32), 8, 8, 4, 4);
//! const WALK: AnimationClip = AnimationClip::new(&[0, 1, 2, 3], 10, WrapMode::Loop);
//!
//! world! {
//!     type App = World { nodes: 4, components: Set { Sprite: 1, SpriteAnimation: 1 } };
//! }
//!
//! let mut world = App::new();
//! let root = world.root();
//! let walker = world.create_child(root, "Walker")?;
//! let sprite = world.add_component(walker, Sprite::new(&SHEET, 0))?;
//! world.add_component(walker, SpriteAnimation::new(WALK))?;
//! for _ in 0..5 {
//!     world.tick(0.05)?; // 20 frames a second: a new sprite frame every other tick
//! }
//! // 0.25 s at 10 fps: frame 2.
//! assert_eq!(world.get::<Sprite>(sprite)?.frame, 2);
//! # Ok::<(), sprig::Error>(())
//! ```

use sprig::render::Sprite;
use sprig::{component, AnyWorld, Ctx, Error, HookResult, Hooks, NodeId};

/// How a clip goes on after its last frame (Cocos `WrapMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrapMode {
    /// Plays once and stays on the last frame; [`AnimationEnded`] is dispatched.
    Once,
    /// Starts again from the first frame, forever.
    Loop,
    /// Plays forwards, then backwards, forever (`0 1 2 1 0 1 2 …`: the ends are not
    /// repeated).
    PingPong,
}

/// A sequence of frames of a sprite sheet, shown at a fixed rate (Cocos
/// `cc.AnimationClip` built from sprite frames).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnimationClip {
    /// Sheet frame indices, in the order shown.
    pub frames: &'static [u16],
    /// Frames per second (0 holds the first frame).
    pub fps: u16,
    /// What happens after the last frame.
    pub wrap: WrapMode,
}

/// Microseconds in a second.
const MICROS: u64 = 1_000_000;

impl AnimationClip {
    /// A clip of `frames` at `fps` frames per second.
    pub const fn new(frames: &'static [u16], fps: u16, wrap: WrapMode) -> Self {
        AnimationClip { frames, fps, wrap }
    }

    /// The position in `frames` shown after `elapsed_microseconds`, and whether a
    /// [`WrapMode::Once`] clip is over by then. `None` for a clip without frames.
    ///
    /// ```
    /// use sprig_ui::{AnimationClip, WrapMode};
    ///
    /// let clip = AnimationClip::new(&[7, 8, 9], 4, WrapMode::PingPong);
    /// let at = |ms: u64| clip.position_at(ms * 1000).map(|(i, _)| clip.frames[i]);
    /// // A new frame every 250 ms: 7 8 9 8 7 8 …
    /// let shown: Vec<u16> = (0..6).map(|k| at(k * 250).unwrap()).collect();
    /// assert_eq!(shown, [7, 8, 9, 8, 7, 8]);
    /// ```
    pub const fn position_at(&self, elapsed_microseconds: u64) -> Option<(usize, bool)> {
        let n = self.frames.len() as u64;
        if n == 0 {
            return None;
        }
        let step = elapsed_microseconds.saturating_mul(self.fps as u64) / MICROS;
        let position = match self.wrap {
            WrapMode::Once => {
                if step >= n {
                    return Some((n as usize - 1, true));
                }
                step
            }
            WrapMode::Loop => step % n,
            WrapMode::PingPong => {
                if n == 1 {
                    0
                } else {
                    let period = 2 * n - 2;
                    let s = step % period;
                    if s < n {
                        s
                    } else {
                        period - s
                    }
                }
            }
        };
        Some((position as usize, false))
    }
}

/// Dispatched from the node of a [`SpriteAnimation`] whose [`WrapMode::Once`] clip
/// has shown its last frame for its full time (Cocos's `finished` event). It bubbles
/// up through the node's ancestors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnimationEnded {
    /// The animated node.
    pub node: NodeId,
}

/// Plays an [`AnimationClip`] on the [`Sprite`] of its own node; see the module doc.
///
/// The sprite's frame is set at each `update`, after the frame's `dt` is counted (the
/// first update with a `dt` of zero shows the clip's first frame). A node without a
/// `Sprite` makes `update` fail with [`Error::WrongComponentType`], and a clip frame
/// the sprite's sheet does not have with [`Error::InvalidValue`] (the sprite keeps its
/// frame; the clip's time goes on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpriteAnimation {
    clip: AnimationClip,
    elapsed_microseconds: u64,
    playing: bool,
}

impl SpriteAnimation {
    /// Plays `clip` from its start.
    pub const fn new(clip: AnimationClip) -> Self {
        SpriteAnimation {
            clip,
            elapsed_microseconds: 0,
            playing: true,
        }
    }

    /// Plays `clip` from its start, in place of the current one (Cocos `play`).
    pub fn play(&mut self, clip: AnimationClip) {
        *self = SpriteAnimation::new(clip);
    }

    /// Stops where it is: the sprite keeps its frame (Cocos `stop`, without the end
    /// event). [`resume`](Self::resume) goes on from there.
    pub fn stop(&mut self) {
        self.playing = false;
    }

    /// Goes on after [`stop`](Self::stop); a finished clip stays finished.
    pub fn resume(&mut self) {
        if self
            .clip
            .position_at(self.elapsed_microseconds)
            .map(|(_, end)| end)
            != Some(true)
        {
            self.playing = true;
        }
    }

    /// Whether the clip is playing: not stopped, and not a finished [`WrapMode::Once`].
    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// The clip.
    pub fn clip(&self) -> AnimationClip {
        self.clip
    }

    /// Time played so far, in microseconds.
    pub fn elapsed_microseconds(&self) -> u64 {
        self.elapsed_microseconds
    }
}

#[component]
impl Hooks for SpriteAnimation {
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        if !self.playing {
            return Ok(());
        }
        // Rounded once per frame; negative or NaN `dt`s count as zero.
        let dt = libm::roundf(dt_seconds * 1.0e6);
        let dt = if dt > 0.0 { dt as u64 } else { 0 };
        self.elapsed_microseconds = self.elapsed_microseconds.saturating_add(dt);
        let Some((position, ended)) = self.clip.position_at(self.elapsed_microseconds) else {
            return Ok(());
        };
        let node = ctx.node();
        let sprite = ctx
            .component_of::<Sprite>(node)?
            .ok_or(Error::WrongComponentType)?;
        if let Some(&frame) = self.clip.frames.get(position) {
            // Reached mutably only to change it: that tells the renderer to look again.
            if ctx.get::<Sprite>(sprite)?.frame != frame {
                ctx.get_mut::<Sprite>(sprite)?.set_frame(frame)?;
            }
        }
        if ended {
            self.playing = false;
            ctx.dispatch_event(node, &AnimationEnded { node })?;
        }
        Ok(())
    }
}
