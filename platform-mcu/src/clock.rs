//! The runner's monotonic clock.

/// A monotonic clock counting ticks of a fixed rate.
///
/// On the emulated board the ticks are SysTick counts (5 ns each, so that under QEMU's
/// `-icount shift=5` an instruction is exactly 6.4 ticks); on real boards a hardware
/// timer in microseconds.
pub trait Clock {
    /// Ticks since some fixed point; never goes backwards.
    fn now(&mut self) -> u64;

    /// Ticks per second.
    fn ticks_per_second(&self) -> u64;

    /// Waits until `now() >= deadline`. Spins by default; a board may sleep instead
    /// (`wfi` with a timer interrupt due by then).
    fn wait_until(&mut self, deadline: u64) {
        while self.now() < deadline {
            core::hint::spin_loop();
        }
    }

    /// `ticks` as microseconds, saturating.
    fn ticks_to_us(&self, ticks: u64) -> u64 {
        let per_second = self.ticks_per_second().max(1);
        (u128::from(ticks) * 1_000_000 / u128::from(per_second))
            .try_into()
            .unwrap_or(u64::MAX)
    }
}
