//! Easing: a value that moves to a new target over a fixed time along a curve. The
//! showcase's animations (the ring, the knob, the menu's highlight, the buttons) are
//! each one of these, stepped by the frame's time, so a replay gives the same frames.

/// A curve from `0` at `t = 0` to `1` at `t = 1`.
pub type Curve = fn(f32) -> f32;

/// Cubic ease-out: fast, then settling.
pub fn cubic_out(t: f32) -> f32 {
    let u = 1.0 - t;
    1.0 - u * u * u
}

/// Back ease-out: overshoots by about 10 %, then settles.
pub fn back_out(t: f32) -> f32 {
    const C1: f32 = 1.701_58;
    const C3: f32 = C1 + 1.0;
    let u = t - 1.0;
    1.0 + C3 * u * u * u + C1 * u * u
}

/// Sine ease-in-out: slow at both ends.
pub fn sine_in_out(t: f32) -> f32 {
    let (_, cos) = sprig::sin_cos_degrees(180.0 * t);
    (1.0 - cos) / 2.0
}

/// A value easing towards its target.
#[derive(Clone, Copy, Debug)]
pub struct Eased {
    from: f32,
    to: f32,
    elapsed: f32,
    duration: f32,
    curve: Curve,
}

impl Eased {
    /// A value at `value`, taking `duration` seconds along `curve` to reach each new
    /// target.
    pub fn new(value: f32, duration: f32, curve: Curve) -> Self {
        Eased {
            from: value,
            to: value,
            elapsed: duration,
            duration,
            curve,
        }
    }

    /// Heads for `to` from wherever the value is now (nothing changes if `to` is the
    /// current target).
    pub fn set_target(&mut self, to: f32) {
        if to != self.to {
            self.from = self.value();
            self.to = to;
            self.elapsed = 0.0;
        }
    }

    /// The target.
    pub fn target(&self) -> f32 {
        self.to
    }

    /// Moves time on by `dt` seconds; returns the new value.
    pub fn step(&mut self, dt: f32) -> f32 {
        self.elapsed = (self.elapsed + dt).min(self.duration);
        self.value()
    }

    /// The value now.
    pub fn value(&self) -> f32 {
        if self.duration <= 0.0 || self.elapsed >= self.duration {
            return self.to;
        }
        let t = (self.curve)(self.elapsed / self.duration);
        self.from + (self.to - self.from) * t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curves_run_from_zero_to_one() {
        for curve in [cubic_out as Curve, back_out, sine_in_out] {
            assert!(curve(0.0).abs() < 1e-5);
            assert!((curve(1.0) - 1.0).abs() < 1e-5);
        }
        assert!(back_out(0.6) > 1.0, "back overshoots");
    }

    #[test]
    fn a_new_target_starts_from_the_current_value() {
        let mut v = Eased::new(0.0, 1.0, |t| t);
        v.set_target(10.0);
        assert_eq!(v.step(0.5), 5.0);
        v.set_target(0.0);
        assert_eq!(v.value(), 5.0);
        assert_eq!(v.step(0.5), 2.5);
        assert_eq!(v.step(5.0), 0.0);
    }
}
