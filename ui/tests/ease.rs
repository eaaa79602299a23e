//! Every easing against Cocos Creator 2.4's formula (`cocos2d/animation/easing.js`),
//! written out again here in `f64`, in Cocos's own form (`k *= 2`, `--k`, …), so a
//! mistake in the crate's rearranged `f32` version shows; and the CSS bezier against
//! the curves browsers define.

use sprig_ui::ease::Easing;

const PI: f64 = std::f64::consts::PI;

fn bounce_out(k: f64) -> f64 {
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

fn bounce_in(k: f64) -> f64 {
    1.0 - bounce_out(1.0 - k)
}

/// Cocos's elastic: `a = 0.1` is below 1, so `a = 1` and `s = p / 4`.
const P: f64 = 0.4;
const S: f64 = P / 4.0;

/// Cocos's formula for `easing` at `k` (0 < k < 1), as the engine writes it.
fn cocos(easing: Easing, k: f64) -> f64 {
    match easing {
        Easing::Linear => k,
        Easing::QuadIn => k * k,
        Easing::QuadOut => k * (2.0 - k),
        Easing::QuadInOut => {
            let k = k * 2.0;
            if k < 1.0 {
                0.5 * k * k
            } else {
                let k = k - 1.0;
                -0.5 * (k * (k - 2.0) - 1.0)
            }
        }
        Easing::CubicIn => k * k * k,
        Easing::CubicOut => {
            let k = k - 1.0;
            k * k * k + 1.0
        }
        Easing::CubicInOut => {
            let k = k * 2.0;
            if k < 1.0 {
                0.5 * k * k * k
            } else {
                let k = k - 2.0;
                0.5 * (k * k * k + 2.0)
            }
        }
        Easing::QuartIn => k * k * k * k,
        Easing::QuartOut => {
            let k = k - 1.0;
            1.0 - k * k * k * k
        }
        Easing::QuartInOut => {
            let k = k * 2.0;
            if k < 1.0 {
                0.5 * k * k * k * k
            } else {
                let k = k - 2.0;
                -0.5 * (k * k * k * k - 2.0)
            }
        }
        Easing::QuintIn => k * k * k * k * k,
        Easing::QuintOut => {
            let k = k - 1.0;
            k * k * k * k * k + 1.0
        }
        Easing::QuintInOut => {
            let k = k * 2.0;
            if k < 1.0 {
                0.5 * k * k * k * k * k
            } else {
                let k = k - 2.0;
                0.5 * (k * k * k * k * k + 2.0)
            }
        }
        Easing::SineIn => 1.0 - (k * PI / 2.0).cos(),
        Easing::SineOut => (k * PI / 2.0).sin(),
        Easing::SineInOut => 0.5 * (1.0 - (PI * k).cos()),
        Easing::ExpoIn => 1024f64.powf(k - 1.0),
        Easing::ExpoOut => 1.0 - 2f64.powf(-10.0 * k),
        Easing::ExpoInOut => {
            let k = k * 2.0;
            if k < 1.0 {
                0.5 * 1024f64.powf(k - 1.0)
            } else {
                0.5 * (-(2f64.powf(-10.0 * (k - 1.0))) + 2.0)
            }
        }
        Easing::CircIn => 1.0 - (1.0 - k * k).sqrt(),
        Easing::CircOut => {
            let k = k - 1.0;
            (1.0 - k * k).sqrt()
        }
        Easing::CircInOut => {
            let k = k * 2.0;
            if k < 1.0 {
                -0.5 * ((1.0 - k * k).sqrt() - 1.0)
            } else {
                let k = k - 2.0;
                0.5 * ((1.0 - k * k).sqrt() + 1.0)
            }
        }
        Easing::ElasticIn => {
            let k = k - 1.0;
            -(2f64.powf(10.0 * k) * ((k - S) * (2.0 * PI) / P).sin())
        }
        Easing::ElasticOut => 2f64.powf(-10.0 * k) * ((k - S) * (2.0 * PI) / P).sin() + 1.0,
        Easing::ElasticInOut => {
            let k = k * 2.0;
            if k < 1.0 {
                let k = k - 1.0;
                -0.5 * (2f64.powf(10.0 * k) * ((k - S) * (2.0 * PI) / P).sin())
            } else {
                let k = k - 1.0;
                2f64.powf(-10.0 * k) * ((k - S) * (2.0 * PI) / P).sin() * 0.5 + 1.0
            }
        }
        Easing::BackIn => {
            let s = 1.70158;
            k * k * ((s + 1.0) * k - s)
        }
        Easing::BackOut => {
            let s = 1.70158;
            let k = k - 1.0;
            k * k * ((s + 1.0) * k + s) + 1.0
        }
        Easing::BackInOut => {
            let s = 1.70158 * 1.525;
            let k = k * 2.0;
            if k < 1.0 {
                0.5 * (k * k * ((s + 1.0) * k - s))
            } else {
                let k = k - 2.0;
                0.5 * (k * k * ((s + 1.0) * k + s) + 2.0)
            }
        }
        Easing::BounceIn => bounce_in(k),
        Easing::BounceOut => bounce_out(k),
        Easing::BounceInOut => {
            if k < 0.5 {
                bounce_in(k * 2.0) * 0.5
            } else {
                bounce_out(k * 2.0 - 1.0) * 0.5 + 0.5
            }
        }
        Easing::CubicBezier { .. } => unreachable!("tested against CSS curves below"),
    }
}

const ALL: [Easing; 31] = [
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

#[test]
fn every_easing_is_exactly_0_at_0_and_1_at_1() {
    for easing in ALL {
        assert_eq!(easing.apply(0.0), 0.0, "{easing:?} at 0");
        assert_eq!(easing.apply(1.0), 1.0, "{easing:?} at 1");
    }
}

#[test]
fn every_easing_matches_the_cocos_formula_within_1e_5() {
    // The quarter points, the middle, and points on both sides of each bounce seam and
    // near the ends, where the in-out halves meet and the exponentials are steepest.
    let points = [
        0.25, 0.5, 0.75, 0.01, 0.1, 0.3, 0.36, 0.37, 0.49, 0.51, 0.72, 0.73, 0.9, 0.91, 0.99,
    ];
    for easing in ALL {
        for k in points {
            let expected = cocos(easing, k);
            let got = f64::from(easing.apply(k as f32));
            assert!(
                (got - expected).abs() <= 1e-5,
                "{easing:?} at {k}: {got} != Cocos {expected}"
            );
        }
    }
}

#[test]
fn literal_values_at_the_quarter_points() {
    // Worked out by hand from Cocos's formulas, so the reference above cannot share a
    // mistake with the crate unnoticed.
    let cases: [(Easing, [f32; 3]); 8] = [
        (Easing::QuadIn, [0.0625, 0.25, 0.5625]),
        (Easing::QuadOut, [0.4375, 0.75, 0.9375]),
        (Easing::CubicInOut, [0.0625, 0.5, 0.9375]),
        (Easing::QuartOut, [0.68359375, 0.9375, 0.99609375]),
        (Easing::SineInOut, [0.14644661, 0.5, 0.8535534]),
        // 1024^(k-1): 2^-7.5, 2^-5, 2^-2.5.
        (Easing::ExpoIn, [0.0055242717, 0.03125, 0.1767767]),
        // k²(2.70158k − 1.70158).
        (Easing::BackIn, [-0.06413656, -0.0876975, 0.18259035]),
        // 7.5625 (k − 0.5454…)² + 0.75 at 0.5 and 0.75; 7.5625 k² at 0.25.
        (Easing::BounceOut, [0.47265625, 0.765625, 0.97265625]),
    ];
    for (easing, values) in cases {
        for (k, expected) in [0.25f32, 0.5, 0.75].into_iter().zip(values) {
            let got = easing.apply(k);
            assert!(
                (got - expected).abs() <= 1e-5,
                "{easing:?} at {k}: {got} != {expected}"
            );
        }
    }
}

#[test]
fn progress_is_clamped_to_0_1_and_nan_is_0() {
    for easing in ALL {
        assert_eq!(easing.apply(-0.5), 0.0, "{easing:?}");
        assert_eq!(easing.apply(1.5), 1.0, "{easing:?}");
        assert_eq!(easing.apply(f32::NAN), 0.0, "{easing:?}");
    }
}

#[test]
fn back_and_elastic_overshoot_as_in_cocos() {
    assert!(Easing::BackIn.apply(0.25) < 0.0);
    assert!(Easing::BackOut.apply(0.75) > 1.0);
    // 2^-2 · sin((0.2 − 0.1) · 2π / 0.4) + 1 = 0.25 · sin(π/2) + 1.
    assert!((Easing::ElasticOut.apply(0.2) - 1.25).abs() <= 1e-6);
}

fn bezier(x1: f32, y1: f32, x2: f32, y2: f32) -> Easing {
    Easing::CubicBezier { x1, y1, x2, y2 }
}

/// The value of CSS `cubic-bezier(x1, y1, x2, y2)` at `x`, by brute force in `f64`:
/// bisection on the parameter for 60 halvings.
fn css(x1: f64, y1: f64, x2: f64, y2: f64, x: f64) -> f64 {
    let coord = |t: f64, c1: f64, c2: f64| {
        3.0 * (1.0 - t) * (1.0 - t) * t * c1 + 3.0 * (1.0 - t) * t * t * c2 + t * t * t
    };
    let (mut low, mut high) = (0.0f64, 1.0f64);
    for _ in 0..60 {
        let mid = 0.5 * (low + high);
        if coord(mid, x1, x2) < x {
            low = mid;
        } else {
            high = mid;
        }
    }
    coord(0.5 * (low + high), y1, y2)
}

#[test]
fn css_ease_at_half_is_0_8024() {
    let ease = bezier(0.25, 0.1, 0.25, 1.0);
    assert!(
        (ease.apply(0.5) - 0.8024033).abs() <= 1e-5,
        "{}",
        ease.apply(0.5)
    );
}

#[test]
fn bezier_matches_the_css_curves_within_1e_5() {
    // ease, ease-in, ease-out, ease-in-out, a back-like overshoot, and a curve with a
    // flat start (x1 = 0), where Newton's method alone stalls.
    let curves = [
        (0.25, 0.1, 0.25, 1.0),
        (0.42, 0.0, 1.0, 1.0),
        (0.0, 0.0, 0.58, 1.0),
        (0.42, 0.0, 0.58, 1.0),
        (0.68, -0.55, 0.265, 1.55),
        (0.0, 0.9, 1.0, 0.1),
    ];
    for (x1, y1, x2, y2) in curves {
        let easing = bezier(x1, y1, x2, y2);
        assert_eq!(easing.apply(0.0), 0.0);
        assert_eq!(easing.apply(1.0), 1.0);
        for i in 1..20 {
            let x = i as f32 / 20.0;
            let expected = css(
                f64::from(x1),
                f64::from(y1),
                f64::from(x2),
                f64::from(y2),
                f64::from(x),
            );
            let got = f64::from(easing.apply(x));
            assert!(
                (got - expected).abs() <= 1e-5,
                "cubic-bezier({x1}, {y1}, {x2}, {y2}) at {x}: {got} != {expected}"
            );
        }
    }
}

#[test]
fn linear_bezier_is_the_identity() {
    let linear = bezier(0.0, 0.0, 1.0, 1.0);
    for i in 0..=10 {
        let x = i as f32 / 10.0;
        assert!((linear.apply(x) - x).abs() <= 1e-6);
    }
}

#[test]
fn a_bezier_with_a_non_finite_control_value_is_linear() {
    let broken = bezier(f32::NAN, 0.0, 1.0, f32::INFINITY);
    assert!(!broken.is_finite());
    assert!(bezier(0.25, 0.1, 0.25, 1.0).is_finite() && Easing::BackOut.is_finite());
    assert_eq!(broken.apply(0.3), 0.3);
}
