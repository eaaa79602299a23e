//! A value that eases to a new target each time the target changes: what the dial's
//! ring (a drawable's field, which a tween cannot reach) animates with. Node properties
//! (the menu's highlight, the status light, the buttons) are animated with `sprig-ui`'s
//! tweens instead.

use sprig_ui::Easing;

/// A value easing towards its target along an [`Easing`], stepped by the frame's time
/// (so a replay gives the same frames).
#[derive(Clone, Copy, Debug)]
pub struct Eased {
    from: f32,
    to: f32,
    elapsed: f32,
    duration: f32,
    easing: Easing,
}

impl Eased {
    /// A value at `value`, taking `duration` seconds along `easing` to reach each new
    /// target.
    pub fn new(value: f32, duration: f32, easing: Easing) -> Self {
        Eased {
            from: value,
            to: value,
            elapsed: duration,
            duration,
            easing,
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
        let t = self.easing.apply(self.elapsed / self.duration);
        self.from + (self.to - self.from) * t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_target_eases_from_where_the_value_is() {
        let mut v = Eased::new(0.0, 1.0, Easing::Linear);
        v.set_target(10.0);
        assert_eq!(v.step(0.25), 2.5);
        v.set_target(0.0);
        assert_eq!(v.value(), 2.5, "heads back from where it was");
        assert_eq!(v.step(0.5), 1.25);
        assert_eq!(v.step(1.0), 0.0);
        assert_eq!(v.target(), 0.0);
    }
}
