//! Easing curves: the map from a step's linear progress (0 at its start, 1 at its end) to
//! how far its values have gone, as Cocos Creator 2.4 defines them in
//! `cocos2d/animation/easing.js` (Robert Penner's equations, with Cocos's constants:
//! back overshoots by `s = 1.70158`, elastic has period 0.4 and amplitude 1), plus the
//! CSS `cubic-bezier()` curve for designs that specify one.
//!
//! The curves are computed in `f32` with `libm`, so the same progress gives the same
//! value bit for bit on every target, and a tween driven by the same frame times replays
//! exactly.

/// An easing curve. Names follow Cocos 2.4's `cc.easing` (`quadIn` is [`Easing::QuadIn`]).
///
/// ```
/// use sprig_ui::ease::Easing;
///
/// assert_eq!(Easing::QuadIn.apply(0.5), 0.25);
/// assert_eq!(Easing::BackOut.apply(1.0), 1.0);
/// // CSS `ease`.
/// let ease = Easing::CubicBezier { x1: 0.25, y1: 0.1, x2: 0.25, y2: 1.0 };
/// assert!((ease.apply(0.5) - 0.8024).abs() < 1e-3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Easing {
    /// The progress itself.
    Linear,
    /// `t²`.
    QuadIn,
    /// `t(2 − t)`.
    QuadOut,
    /// `QuadIn` then `QuadOut`, each over half the time.
    QuadInOut,
    /// `t³`.
    CubicIn,
    /// `(t − 1)³ + 1`.
    CubicOut,
    /// `CubicIn` then `CubicOut`.
    CubicInOut,
    /// `t⁴`.
    QuartIn,
    /// `1 − (t − 1)⁴`.
    QuartOut,
    /// `QuartIn` then `QuartOut`.
    QuartInOut,
    /// `t⁵`.
    QuintIn,
    /// `(t − 1)⁵ + 1`.
    QuintOut,
    /// `QuintIn` then `QuintOut`.
    QuintInOut,
    /// `1 − cos(tπ/2)`.
    SineIn,
    /// `sin(tπ/2)`.
    SineOut,
    /// `(1 − cos(tπ))/2`.
    SineInOut,
    /// `1024^(t − 1)`, 0 at 0.
    ExpoIn,
    /// `1 − 2^(−10t)`, 1 at 1.
    ExpoOut,
    /// `ExpoIn` then `ExpoOut`.
    ExpoInOut,
    /// `1 − √(1 − t²)`.
    CircIn,
    /// `√(1 − (t − 1)²)`.
    CircOut,
    /// `CircIn` then `CircOut`.
    CircInOut,
    /// A decaying sine that ends at 1 (period 0.4, amplitude 1, as Cocos).
    ElasticIn,
    /// `ElasticIn` mirrored: overshoots, then settles on 1.
    ElasticOut,
    /// `ElasticIn` then `ElasticOut`.
    ElasticInOut,
    /// Pulls back below 0 before going (overshoot `s = 1.70158`).
    BackIn,
    /// Overshoots past 1 and comes back.
    BackOut,
    /// `BackIn` then `BackOut`, with `s = 1.70158 × 1.525`.
    BackInOut,
    /// `BounceOut` played backwards.
    BounceIn,
    /// Falls to 1 and bounces three times, each lower.
    BounceOut,
    /// `BounceIn` then `BounceOut`.
    BounceInOut,
    /// The CSS `cubic-bezier(x1, y1, x2, y2)` curve from (0, 0) to (1, 1): the progress
    /// is the curve's x, the result its y. `x1` and `x2` are clamped to 0..=1, as CSS
    /// requires, so x is monotonic and every progress has one value. A curve with a
    /// non-finite control value is linear (and a tween refuses it at `start`).
    CubicBezier {
        /// x of the first control point.
        x1: f32,
        /// y of the first control point.
        y1: f32,
        /// x of the second control point.
        x2: f32,
        /// y of the second control point.
        y2: f32,
    },
}

/// The named curves in a fixed order: a tween stores an easing as its index here (one
/// byte) rather than as an `Easing` (20 bytes, for the bezier's four values).
const NAMED: [Easing; 31] = [
    Easing::Linear,
    Easing::QuadIn,
    Easing::QuadOut,
    Easing::QuadInOut,
    Easing::CubicIn,
    Easing::CubicOut,
    Easing::CubicInOut,
    Easing::QuartIn,
    Easing::QuartOut,
    Easing::QuartInOut,
    Easing::QuintIn,
    Easing::QuintOut,
    Easing::QuintInOut,
    Easing::SineIn,
    Easing::SineOut,
    Easing::SineInOut,
    Easing::ExpoIn,
    Easing::ExpoOut,
    Easing::ExpoInOut,
    Easing::CircIn,
    Easing::CircOut,
    Easing::CircInOut,
    Easing::ElasticIn,
    Easing::ElasticOut,
    Easing::ElasticInOut,
    Easing::BackIn,
    Easing::BackOut,
    Easing::BackInOut,
    Easing::BounceIn,
    Easing::BounceOut,
    Easing::BounceInOut,
];

/// The code of [`Easing::CubicBezier`]; its four values are stored apart.
pub(crate) const BEZIER_CODE: u8 = NAMED.len() as u8;

impl Easing {
    /// The curve's one-byte code: its index in the named curves, or [`BEZIER_CODE`].
    pub(crate) fn code(self) -> u8 {
        NAMED
            .iter()
            .position(|&named| named == self)
            .and_then(|index| u8::try_from(index).ok())
            .unwrap_or(BEZIER_CODE)
    }

    /// The curve of `code`, with `bezier` (x1, y1, x2, y2) for [`BEZIER_CODE`]; an
    /// unknown code is linear.
    pub(crate) fn from_code(code: u8, bezier: [f32; 4]) -> Easing {
        if code == BEZIER_CODE {
            let [x1, y1, x2, y2] = bezier;
            return Easing::CubicBezier { x1, y1, x2, y2 };
        }
        NAMED
            .get(usize::from(code))
            .copied()
            .unwrap_or(Easing::Linear)
    }
}

/// Back's overshoot, as Cocos.
const BACK_S: f32 = 1.70158;
/// Elastic's period, as Cocos (`p = 0.4`; its amplitude `a = 0.1 < 1` becomes 1, so
/// `s = p / 4`).
const ELASTIC_P: f32 = 0.4;
const ELASTIC_S: f32 = ELASTIC_P / 4.0;

impl Easing {
    /// Whether the curve's parameters are finite (always, except a bezier given NaN or
    /// an infinity).
    pub fn is_finite(self) -> bool {
        match self {
            Easing::CubicBezier { x1, y1, x2, y2 } => {
                x1.is_finite() && y1.is_finite() && x2.is_finite() && y2.is_finite()
            }
            _ => true,
        }
    }

    /// The eased value at `progress`, which is clamped to 0..=1 (NaN counts as 0). Every
    /// curve gives exactly 0 at 0 and exactly 1 at 1; back, elastic and a bezier with
    /// `y` outside 0..=1 go outside 0..=1 in between.
    pub fn apply(self, progress: f32) -> f32 {
        let k = if progress.is_nan() {
            0.0
        } else {
            progress.clamp(0.0, 1.0)
        };
        if k == 0.0 {
            return 0.0;
        }
        if k == 1.0 {
            return 1.0;
        }
        match self {
            Easing::Linear => k,
            Easing::QuadIn => k * k,
            Easing::QuadOut => k * (2.0 - k),
            Easing::QuadInOut => in_out(k, |k| k * k, |k| k * (2.0 - k)),
            Easing::CubicIn => k * k * k,
            Easing::CubicOut => cubic_out(k),
            Easing::CubicInOut => in_out(k, |k| k * k * k, cubic_out),
            Easing::QuartIn => k * k * k * k,
            Easing::QuartOut => quart_out(k),
            Easing::QuartInOut => in_out(k, |k| k * k * k * k, quart_out),
            Easing::QuintIn => k * k * k * k * k,
            Easing::QuintOut => quint_out(k),
            Easing::QuintInOut => in_out(k, |k| k * k * k * k * k, quint_out),
            Easing::SineIn => 1.0 - cos_degrees(90.0 * k),
            Easing::SineOut => sin_degrees(90.0 * k),
            Easing::SineInOut => 0.5 * (1.0 - cos_degrees(180.0 * k)),
            Easing::ExpoIn => expo_in(k),
            Easing::ExpoOut => expo_out(k),
            Easing::ExpoInOut => in_out(k, expo_in, expo_out),
            Easing::CircIn => circ_in(k),
            Easing::CircOut => circ_out(k),
            Easing::CircInOut => in_out(k, circ_in, circ_out),
            Easing::ElasticIn => elastic_in(k),
            Easing::ElasticOut => elastic_out(k),
            Easing::ElasticInOut => in_out(k, elastic_in, elastic_out),
            Easing::BackIn => back_in(k, BACK_S),
            Easing::BackOut => back_out(k, BACK_S),
            Easing::BackInOut => in_out(
                k,
                |k| back_in(k, BACK_S * 1.525),
                |k| back_out(k, BACK_S * 1.525),
            ),
            Easing::BounceIn => bounce_in(k),
            Easing::BounceOut => bounce_out(k),
            Easing::BounceInOut => in_out(k, bounce_in, bounce_out),
            Easing::CubicBezier { x1, y1, x2, y2 } => cubic_bezier(k, x1, y1, x2, y2),
        }
    }
}

/// The in-out pattern every Cocos `…InOut` follows: the in curve over the first half,
/// squeezed into 0..0.5, the out curve over the second, into 0.5..1. Written this way
/// rather than with each curve's expanded Cocos expression, which is the same polynomial.
fn in_out(k: f32, ease_in: impl Fn(f32) -> f32, ease_out: impl Fn(f32) -> f32) -> f32 {
    if k < 0.5 {
        0.5 * ease_in(k * 2.0)
    } else {
        0.5 * ease_out(k * 2.0 - 1.0) + 0.5
    }
}

fn cubic_out(k: f32) -> f32 {
    let k = k - 1.0;
    k * k * k + 1.0
}

fn quart_out(k: f32) -> f32 {
    let k = k - 1.0;
    1.0 - k * k * k * k
}

fn quint_out(k: f32) -> f32 {
    let k = k - 1.0;
    k * k * k * k * k + 1.0
}

// Sines through the core's `sin_cos_degrees` and powers of two through `exp2`, both pure
// `f32`: `libm`'s `sinf`, `cosf` and `powf` would add about 5 KiB of flash to a board
// (argument reduction in `f64`, a general `powf`), and its `exp2f` 2.5 KiB (it works in
// `f64`, which a Cortex-M4F does in software).

/// `2^x` in `f32` alone, within 1 unit in the last place of `libm::exp2f` over the range
/// the easings and the list's inertia use. Cephes' `exp2f`: `x = n + f` with `n` the
/// nearest whole number and `|f| ≤ 0.5`, a degree-6 polynomial for `2^f`, and `2^n` put
/// straight into the exponent bits. Below `-126` the result is 0 (no subnormals), above
/// `127` it is `f32::MAX`; `NaN` gives `NaN`.
pub(crate) fn exp2(x: f32) -> f32 {
    if x.is_nan() {
        return x;
    }
    if x < -126.0 {
        return 0.0;
    }
    if x >= 128.0 {
        return f32::MAX;
    }
    let n = libm::floorf(x + 0.5);
    let f = x - n;
    let p = f
        * (((((1.535_336_2e-4 * f + 1.339_887_4e-3) * f + 9.618_437e-3) * f + 5.550_332_5e-2) * f
            + 2.402_264_8e-1)
            * f
            + 6.931_472e-1);
    // `n` is in −126..=128 here: 2^n as a normal f32 (2^128 is built as 2 · 2^127).
    let n = n as i32;
    let (n, extra) = if n > 127 { (127, 2.0) } else { (n, 1.0) };
    let scale = f32::from_bits(((n + 127) as u32) << 23);
    (1.0 + p) * scale * extra
}

fn sin_degrees(degrees: f32) -> f32 {
    sprig::sin_cos_degrees(degrees).0
}

fn cos_degrees(degrees: f32) -> f32 {
    sprig::sin_cos_degrees(degrees).1
}

/// Cocos `expoIn`: 1024^(k − 1), exactly 0 at 0.
fn expo_in(k: f32) -> f32 {
    if k == 0.0 {
        0.0
    } else {
        exp2(10.0 * (k - 1.0))
    }
}

fn expo_out(k: f32) -> f32 {
    if k == 1.0 {
        1.0
    } else {
        1.0 - exp2(-10.0 * k)
    }
}

fn circ_in(k: f32) -> f32 {
    1.0 - libm::sqrtf(1.0 - k * k)
}

fn circ_out(k: f32) -> f32 {
    let k = k - 1.0;
    libm::sqrtf(1.0 - k * k)
}

fn elastic_in(k: f32) -> f32 {
    if k == 0.0 || k == 1.0 {
        return k;
    }
    let k = k - 1.0;
    -(exp2(10.0 * k) * sin_degrees((k - ELASTIC_S) * 360.0 / ELASTIC_P))
}

fn elastic_out(k: f32) -> f32 {
    if k == 0.0 || k == 1.0 {
        return k;
    }
    exp2(-10.0 * k) * sin_degrees((k - ELASTIC_S) * 360.0 / ELASTIC_P) + 1.0
}

fn back_in(k: f32, s: f32) -> f32 {
    k * k * ((s + 1.0) * k - s)
}

fn back_out(k: f32, s: f32) -> f32 {
    let k = k - 1.0;
    k * k * ((s + 1.0) * k + s) + 1.0
}

fn bounce_out(k: f32) -> f32 {
    if k < 1.0 / 2.75 {
        7.5625 * k * k
    } else if k < 2.0 / 2.75 {
        let k = k - 1.5 / 2.75;
        7.5625 * k * k + 0.75
    } else if k < 2.5 / 2.75 {
        let k = k - 2.25 / 2.75;
        7.5625 * k * k + 0.9375
    } else {
        let k = k - 2.625 / 2.75;
        7.5625 * k * k + 0.984375
    }
}

fn bounce_in(k: f32) -> f32 {
    1.0 - bounce_out(1.0 - k)
}

/// One coordinate of the bezier from 0 to 1 with control values `c1`, `c2`, at `t`.
fn bezier(t: f32, c1: f32, c2: f32) -> f32 {
    // Bernstein form 3(1−t)²t·c1 + 3(1−t)t²·c2 + t³, in Horner order.
    ((1.0 + 3.0 * (c1 - c2)) * t + 3.0 * (c2 - 2.0 * c1)) * t * t + 3.0 * c1 * t
}

fn bezier_slope(t: f32, c1: f32, c2: f32) -> f32 {
    3.0 * (1.0 + 3.0 * (c1 - c2)) * t * t + 2.0 * 3.0 * (c2 - 2.0 * c1) * t + 3.0 * c1
}

/// Solves x(t) = `x` for t (Newton's method, then bisection if the slope is too flat,
/// as browsers do), and returns y(t). The iteration counts are fixed, so the time it
/// takes is bounded.
fn cubic_bezier(x: f32, x1: f32, y1: f32, x2: f32, y2: f32) -> f32 {
    if !(x1.is_finite() && y1.is_finite() && x2.is_finite() && y2.is_finite()) {
        return x;
    }
    let x1 = x1.clamp(0.0, 1.0);
    let x2 = x2.clamp(0.0, 1.0);
    let mut t = x;
    let mut solved = false;
    for _ in 0..8 {
        let error = bezier(t, x1, x2) - x;
        if error.abs() < 1e-6 {
            solved = true;
            break;
        }
        let slope = bezier_slope(t, x1, x2);
        if slope.abs() < 1e-6 {
            break;
        }
        t -= error / slope;
    }
    if !solved || !(0.0..=1.0).contains(&t) {
        // x(t) is monotonic on 0..=1 (x1, x2 in 0..=1): bisection always converges.
        let (mut low, mut high) = (0.0f32, 1.0f32);
        t = x;
        for _ in 0..32 {
            let value = bezier(t, x1, x2);
            if (value - x).abs() < 1e-7 {
                break;
            }
            if value < x {
                low = t;
            } else {
                high = t;
            }
            t = 0.5 * (low + high);
        }
    }
    bezier(t, y1, y2)
}

#[cfg(test)]
mod tests {
    use super::exp2;

    /// Distance in units of the last place between two positive finite floats.
    fn ulps(a: f32, b: f32) -> u32 {
        a.to_bits().abs_diff(b.to_bits())
    }

    #[test]
    fn exp2_matches_libm_within_one_ulp() {
        let mut worst = (0, 0.0);
        // Every 1/4096 from -20 to 20: the easings use -10..=10, the list's inertia less.
        for i in -20 * 4096..=20 * 4096 {
            let x = i as f32 / 4096.0;
            let d = ulps(exp2(x), libm::exp2f(x));
            if d > worst.0 {
                worst = (d, x);
            }
        }
        assert!(worst.0 <= 1, "{} ulps at x = {}", worst.0, worst.1);
    }

    #[test]
    fn exp2_is_exact_at_whole_numbers_and_bounded_outside_f32() {
        for n in -126..=127 {
            assert_eq!(exp2(n as f32), libm::exp2f(n as f32), "2^{n}");
        }
        assert_eq!(exp2(-200.0), 0.0);
        assert_eq!(exp2(300.0), f32::MAX);
        assert!(exp2(f32::NAN).is_nan());
    }
}
