//! How a screen arrives and leaves: [`ScreenTransition`] and [`SlideDirection`], and
//! what a transition does to the two screens it moves, as numbers (the [`Motion`]).
//!
//! Every transition moves or fades the *upper* of the two screens (the arriving one on
//! `push` and `replace`, the leaving one on `pop`), through a [`Tween`](crate::Tween)
//! on that screen's top node; a slide moves the lower one with it, a fixed distance
//! behind. A pop plays the transition the popped screen arrived with, backwards.

use sprig::{Error, Size2, Vec2};

use crate::Easing;

/// The way screens move in a slide or a cover, in world space (y up): `Left` brings
/// the arriving screen in from the right edge, moving left (a phone's "push"), `Up`
/// from the bottom edge, moving up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SlideDirection {
    /// Towards −x: in from the right edge.
    Left,
    /// Towards +x: in from the left edge.
    Right,
    /// Towards +y: in from the bottom edge.
    Up,
    /// Towards −y: in from the top edge.
    Down,
}

impl SlideDirection {
    /// The unit step of the motion in world space (y up).
    pub const fn unit(self) -> Vec2 {
        match self {
            SlideDirection::Left => Vec2::new(-1.0, 0.0),
            SlideDirection::Right => Vec2::new(1.0, 0.0),
            SlideDirection::Up => Vec2::new(0.0, 1.0),
            SlideDirection::Down => Vec2::new(0.0, -1.0),
        }
    }

    /// The distance a screen travels: the host's width for `Left` and `Right`, its
    /// height for `Up` and `Down`.
    pub fn extent(self, host_size: Size2) -> f32 {
        match self {
            SlideDirection::Left | SlideDirection::Right => host_size.width,
            SlideDirection::Up | SlideDirection::Down => host_size.height,
        }
    }
}

/// How a [`ScreenStack`](crate::ScreenStack) changes screens. The durations are in
/// seconds of the frames' `dt`, eased by `easing` (the tween engine's easings).
///
/// | transition | `push` / `replace` | `pop` (played backwards) |
/// |---|---|---|
/// | `None` | the new screen shows at once | the screen below shows at once |
/// | `Slide` | the new screen comes in from one edge, pushing the old one out of the other | the top screen goes back out, the one below comes back in behind it |
/// | `Cover` | the new screen comes in over the old one, which stays still | the top screen goes back out, uncovering the one below |
/// | `Fade` | the new screen fades in (opacity 0 to 255) over the old one | the top screen fades out over the one below |
///
/// A duration of 0 is `None`. On a panel of one bit per pixel a fade is a cut at
/// its middle: the renderer draws a node whose opacity is 128 or more and leaves out
/// one below that; grey panels blend in their own levels (16 on a `Gray4`).
///
/// ```
/// use sprig_ui::{Easing, ScreenTransition, SlideDirection};
///
/// let push = ScreenTransition::slide(SlideDirection::Left, 0.3, Easing::QuadOut);
/// assert_eq!(push.duration_seconds(), 0.3);
/// assert!(!push.is_instant());
/// assert!(ScreenTransition::fade(0.0, Easing::Linear).is_instant());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ScreenTransition {
    /// At once.
    None,
    /// Both screens move in `direction` by the host's width (or height).
    Slide {
        /// The way the screens move.
        direction: SlideDirection,
        /// Seconds it takes.
        duration_seconds: f32,
        /// How the motion eases.
        easing: Easing,
    },
    /// The upper screen moves in `direction` by the host's width (or height); the
    /// lower one stays where it is.
    Cover {
        /// The way the upper screen moves.
        direction: SlideDirection,
        /// Seconds it takes.
        duration_seconds: f32,
        /// How the motion eases.
        easing: Easing,
    },
    /// The upper screen's opacity goes from 0 to 255 (or back, on `pop`); the node
    /// opacity the renderer hands down to the screen's whole subtree.
    Fade {
        /// Seconds it takes.
        duration_seconds: f32,
        /// How the opacity eases.
        easing: Easing,
    },
}

impl ScreenTransition {
    /// Both screens slide in `direction`.
    pub const fn slide(direction: SlideDirection, duration_seconds: f32, easing: Easing) -> Self {
        ScreenTransition::Slide {
            direction,
            duration_seconds,
            easing,
        }
    }

    /// The upper screen slides in `direction` over the lower one.
    pub const fn cover(direction: SlideDirection, duration_seconds: f32, easing: Easing) -> Self {
        ScreenTransition::Cover {
            direction,
            duration_seconds,
            easing,
        }
    }

    /// The upper screen fades.
    pub const fn fade(duration_seconds: f32, easing: Easing) -> Self {
        ScreenTransition::Fade {
            duration_seconds,
            easing,
        }
    }

    /// Seconds the transition takes (0 for `None`).
    pub const fn duration_seconds(&self) -> f32 {
        match *self {
            ScreenTransition::None => 0.0,
            ScreenTransition::Slide {
                duration_seconds, ..
            }
            | ScreenTransition::Cover {
                duration_seconds, ..
            }
            | ScreenTransition::Fade {
                duration_seconds, ..
            } => duration_seconds,
        }
    }

    /// Whether it happens at once: `None`, or a duration of 0.
    pub fn is_instant(&self) -> bool {
        self.duration_seconds() == 0.0
    }

    /// `Err(InvalidValue)` for a negative or non-finite duration or a non-finite
    /// bezier easing.
    pub(crate) fn check(&self) -> Result<(), Error> {
        let easing_ok = match *self {
            ScreenTransition::None => true,
            ScreenTransition::Slide { easing, .. }
            | ScreenTransition::Cover { easing, .. }
            | ScreenTransition::Fade { easing, .. } => easing.is_finite(),
        };
        let duration = self.duration_seconds();
        if easing_ok && duration.is_finite() && duration >= 0.0 {
            Ok(())
        } else {
            Err(Error::InvalidValue)
        }
    }

    /// The easing (linear for `None`).
    pub(crate) fn easing(&self) -> Easing {
        match *self {
            ScreenTransition::None => Easing::Linear,
            ScreenTransition::Slide { easing, .. }
            | ScreenTransition::Cover { easing, .. }
            | ScreenTransition::Fade { easing, .. } => easing,
        }
    }

    /// What the transition does to the upper and lower screens on a host of
    /// `host_size`; `None` when a slide or cover has no distance to travel (a host of
    /// zero width or height that way).
    pub(crate) fn motion(&self, host_size: Size2) -> Option<Motion> {
        let travel = |direction: SlideDirection| {
            let extent = direction.extent(host_size);
            let unit = direction.unit();
            (extent > 0.0 && extent.is_finite())
                .then(|| Vec2::new(unit.x * extent, unit.y * extent))
        };
        Some(match *self {
            ScreenTransition::None => Motion::STILL,
            ScreenTransition::Slide { direction, .. } => {
                let step = travel(direction)?;
                Motion {
                    away: Vec2::new(-step.x, -step.y),
                    fades: false,
                    follow: Some(step),
                }
            }
            ScreenTransition::Cover { direction, .. } => {
                let step = travel(direction)?;
                Motion {
                    away: Vec2::new(-step.x, -step.y),
                    fades: false,
                    follow: None,
                }
            }
            ScreenTransition::Fade { .. } => Motion {
                away: Vec2::ZERO,
                fades: true,
                follow: None,
            },
        })
    }
}

/// A transition as numbers. The upper screen is at its rest position and opacity (as
/// it was built) when it is shown, and displaced by `away`, with opacity 0 if it
/// `fades`, when it is not (where an arriving screen starts, where a popped one
/// ends). With `follow`, the lower
/// screen keeps its displacement equal to the upper one's plus `follow`, so it is at
/// rest when the upper one is away, and pushed out by `follow` when the upper one is
/// shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Motion {
    pub(crate) away: Vec2,
    pub(crate) fades: bool,
    pub(crate) follow: Option<Vec2>,
}

impl Motion {
    const STILL: Motion = Motion {
        away: Vec2::ZERO,
        fades: false,
        follow: None,
    };
}
