//! `sin_cos_degrees`: exact at right angles, close to the true values everywhere else,
//! and periodic, so that a node's rotation gives the same matrix on every platform.

use sprig::{sin_cos_degrees, Affine2, Vec2};

#[test]
fn right_angles_are_exact() {
    for k in -40i32..=40 {
        let (s, c) = sin_cos_degrees(k as f32 * 90.0);
        let expected = [(0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0)][k.rem_euclid(4) as usize];
        assert_eq!((s, c), expected, "{} degrees", k * 90);
    }
}

#[test]
fn within_two_ulp_of_the_true_values() {
    let mut worst = 0.0f64;
    let mut degrees = -1080.0f32;
    while degrees <= 1080.0 {
        let (s, c) = sin_cos_degrees(degrees);
        let radians = f64::from(degrees).to_radians();
        worst = worst
            .max((f64::from(s) - radians.sin()).abs())
            .max((f64::from(c) - radians.cos()).abs());
        degrees += 0.37;
    }
    // 2 ulp of 1.0 in f32 is 2.4e-7.
    assert!(worst < 2.4e-7, "worst error {worst:e}");
}

#[test]
fn a_quarter_turn_maps_axes_onto_axes_exactly() {
    let m = Affine2::from_translate_rotate_scale(Vec2::new(3.0, 4.0), 90.0, Vec2::new(2.0, 2.0));
    assert_eq!(m.transform_point(Vec2::new(1.0, 0.0)), Vec2::new(3.0, 6.0));
    assert_eq!((m.a, m.d), (0.0, 0.0));
}

#[test]
fn non_finite_angles_give_nan() {
    for angle in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
        let (s, c) = sin_cos_degrees(angle);
        assert!(s.is_nan() && c.is_nan());
    }
}
