//! The peripherals of QEMU's `lm3s6965evb` that the showcase uses, on raw registers
//! (there is no usable PAC for this chip; the register layout follows QEMU's `stellaris`
//! board model):
//!
//! - SSI0, an ARM PL022 at `0x4000_8000`, as an `embedded-hal` `SpiDevice` for the
//!   SSD0323 OLED; PC7 is the OLED's data/command line, PD0 its chip select (active high).
//! - The gamepad: up/down/left/right on PE0–PE3, select on PF1 (QEMU maps them to the
//!   arrow keys and left Ctrl). Pressed reads low.
//! - SysTick at the fastest clock QEMU models (SYSDIV = 0: 5 ns per tick), with an
//!   interrupt counting its wraps: a 64-bit monotonic clock. Under
//!   `-icount shift=5` an instruction takes 32 ns, so `ticks × 5 / 32` is the exact
//!   number of instructions executed.
//! - General-purpose timer 0 as a one-shot alarm (same 5 ns clock), whose interrupt
//!   (IRQ 19, enabled in the NVIC but taken with interrupts masked) wakes the processor
//!   from `wfi`: the runner sleeps until the next frame instead of spinning.

use core::convert::Infallible;
use core::sync::atomic::{AtomicU32, Ordering};

use cortex_m::peripheral::syst::SystClkSource;
use cortex_m::peripheral::{SCB, SYST};
use cortex_m_rt::exception;
use embedded_hal::digital::{ErrorType as PinErrorType, OutputPin};
use embedded_hal::spi::{ErrorType as SpiErrorType, Operation, SpiDevice};
use sprig::Key;
use sprig_mcu::{Clock, Events, InputEvent, InputSource};

const SYSCTL_RCC: usize = 0x400F_E060;
const SYSCTL_RCGC1: usize = 0x400F_E104;
const SYSCTL_RCGC2: usize = 0x400F_E108;
const SSI0: usize = 0x4000_8000;
const GPIOC: usize = 0x4000_6000;
const GPIOD: usize = 0x4000_7000;
const GPIOE: usize = 0x4002_4000;
const GPIOF: usize = 0x4002_5000;
const GPIO_DIR: usize = 0x400;
const GPIO_DEN: usize = 0x51C;
const GPIO_PUR: usize = 0x510;
const SSI_CR0: usize = 0x00;
const SSI_CR1: usize = 0x04;
const SSI_DR: usize = 0x08;
const SSI_SR: usize = 0x0C;
const SSI_CPSR: usize = 0x10;
const SSI_SR_RNE: u32 = 1 << 2;
const TIMER0: usize = 0x4003_0000;
const GPTM_CFG: usize = 0x000;
const GPTM_TAMR: usize = 0x004;
const GPTM_CTL: usize = 0x00C;
const GPTM_IMR: usize = 0x018;
const GPTM_ICR: usize = 0x024;
const GPTM_TAILR: usize = 0x028;
/// Timer 0A's interrupt number, and the NVIC's set-enable and clear-pending registers.
const TIMER0A_IRQ: u32 = 19;
const NVIC_ISER0: usize = 0xE000_E100;
const NVIC_ICPR0: usize = 0xE000_E280;

fn write(address: usize, value: u32) {
    // SAFETY: only called with the addresses of this board's memory-mapped registers
    // above, which are always mapped and accept 32-bit accesses.
    unsafe { core::ptr::write_volatile(address as *mut u32, value) }
}

fn read(address: usize) -> u32 {
    // SAFETY: as in `write`.
    unsafe { core::ptr::read_volatile(address as *const u32) }
}

fn set_bits(address: usize, bits: u32) {
    write(address, read(address) | bits);
}

/// Reads the pins in `mask` of a GPIO port (Stellaris address masking).
fn gpio_read(port: usize, mask: u8) -> u8 {
    read(port + (usize::from(mask) << 2)) as u8
}

/// Drives the output pins in `mask` of a GPIO port high or low.
fn gpio_write(port: usize, mask: u8, high: bool) {
    write(port + (usize::from(mask) << 2), if high { 0xFF } else { 0 });
}

/// Everything the showcase needs from the board.
pub struct Board {
    /// SSI0 with the OLED selected.
    pub spi: Ssi0,
    /// The OLED's data/command line.
    pub dc: DataCommand,
    /// The gamepad.
    pub gamepad: Gamepad,
    /// SysTick as a monotonic clock.
    pub clock: SysTickClock,
}

impl Board {
    /// Sets the clocks, pins, SSI0 and SysTick up. Takes the core peripherals, so it can
    /// only run once.
    pub fn take() -> Option<Board> {
        let mut core = cortex_m::Peripherals::take()?;
        // System clock divider 0 (QEMU: a 5 ns period) for the finest SysTick.
        write(SYSCTL_RCC, (read(SYSCTL_RCC) & !(0xF << 23)) | (1 << 22));
        set_bits(SYSCTL_RCGC1, 1 << 4); // SSI0
        set_bits(SYSCTL_RCGC2, (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5)); // GPIO C, D, E, F
        set_bits(GPIOC + GPIO_DIR, 0x80); // PC7 out: OLED D/C
        set_bits(GPIOC + GPIO_DEN, 0x80);
        set_bits(GPIOD + GPIO_DIR, 0x01); // PD0 out: OLED chip select
        set_bits(GPIOD + GPIO_DEN, 0x01);
        gpio_write(GPIOD, 0x01, true);
        set_bits(GPIOE + GPIO_DEN, 0x0F); // PE0-3 in: gamepad arrows
        set_bits(GPIOF + GPIO_DEN, 0x02); // PF1 in: gamepad select
        set_bits(GPIOE + GPIO_PUR, 0x0F); // pull-ups, as the real board needs (QEMU ignores them)
        set_bits(GPIOF + GPIO_PUR, 0x02);
        write(SSI0 + SSI_CR1, 0);
        write(SSI0 + SSI_CPSR, 2);
        // 8-bit frames, SPI mode 3. CR0 must be written: it sets the PL022's data mask.
        write(SSI0 + SSI_CR0, 0x00C7);
        write(SSI0 + SSI_CR1, 0x02); // enable

        // Timer 0: 32-bit, one-shot, time-out interrupt on; enabled only to sleep.
        set_bits(SYSCTL_RCGC1, 1 << 16);
        write(TIMER0 + GPTM_CTL, 0);
        write(TIMER0 + GPTM_CFG, 0);
        write(TIMER0 + GPTM_TAMR, 0x1);
        write(TIMER0 + GPTM_IMR, 0x1);
        write(NVIC_ISER0, 1 << TIMER0A_IRQ);

        core.SYST.set_clock_source(SystClkSource::Core);
        core.SYST.set_reload(0x00FF_FFFF);
        core.SYST.clear_current();
        core.SYST.enable_interrupt();
        core.SYST.enable_counter();
        Some(Board {
            spi: Ssi0 { _private: () },
            dc: DataCommand { _private: () },
            gamepad: Gamepad::new(),
            clock: SysTickClock { _private: () },
        })
    }
}

/// SSI0 (PL022) as a write-mostly SPI device; the chip select stays asserted.
pub struct Ssi0 {
    _private: (),
}

impl Ssi0 {
    /// Sends one byte and returns the byte clocked in. Draining the receive FIFO after
    /// every byte keeps QEMU's PL022 from stalling and guarantees the byte has left
    /// before the D/C line changes.
    fn transfer_byte(&mut self, byte: u8) -> u8 {
        write(SSI0 + SSI_DR, u32::from(byte));
        while read(SSI0 + SSI_SR) & SSI_SR_RNE == 0 {}
        read(SSI0 + SSI_DR) as u8
    }
}

impl SpiErrorType for Ssi0 {
    type Error = Infallible;
}

impl SpiDevice for Ssi0 {
    fn transaction(&mut self, operations: &mut [Operation<'_, u8>]) -> Result<(), Infallible> {
        for operation in operations {
            match operation {
                Operation::Write(bytes) => bytes.iter().for_each(|&b| {
                    self.transfer_byte(b);
                }),
                Operation::Read(bytes) => bytes.iter_mut().for_each(|b| *b = self.transfer_byte(0)),
                Operation::Transfer(read, written) => {
                    for i in 0..read.len().max(written.len()) {
                        let got = self.transfer_byte(written.get(i).copied().unwrap_or(0));
                        if let Some(slot) = read.get_mut(i) {
                            *slot = got;
                        }
                    }
                }
                Operation::TransferInPlace(bytes) => {
                    bytes.iter_mut().for_each(|b| *b = self.transfer_byte(*b))
                }
                Operation::DelayNs(_) => {}
            }
        }
        Ok(())
    }
}

/// PC7: the OLED's data (high) / command (low) line.
pub struct DataCommand {
    _private: (),
}

impl PinErrorType for DataCommand {
    type Error = Infallible;
}

impl OutputPin for DataCommand {
    fn set_low(&mut self) -> Result<(), Infallible> {
        gpio_write(GPIOC, 0x80, false);
        Ok(())
    }

    fn set_high(&mut self) -> Result<(), Infallible> {
        gpio_write(GPIOC, 0x80, true);
        Ok(())
    }
}

/// The gamepad as an input source: arrows and select (as `Key::A`).
///
/// QEMU's gamepad lines read low until a key has been released once, although nothing
/// is pressed; so a key counts as pressed only when it reads low after having read
/// high. On QEMU the first press of each key therefore only arms it.
pub struct Gamepad {
    armed: u8,
    down: u8,
}

/// The select button's bit in [`gamepad_levels`].
pub const SELECT: u8 = 1 << 4;

/// The gamepad's keys, as bits of [`gamepad_levels`].
const KEYS: [(u8, Key); 5] = [
    (1 << 0, Key::Up),
    (1 << 1, Key::Down),
    (1 << 2, Key::Left),
    (1 << 3, Key::Right),
    (SELECT, Key::A),
];

impl Gamepad {
    fn new() -> Self {
        Gamepad { armed: 0, down: 0 }
    }

    /// Arms the keys that read high now, so that their next low reading is a press
    /// even if no poll saw them high.
    pub fn arm(&mut self) {
        self.armed |= gamepad_levels();
    }
}

/// The gamepad's five lines as bits: PE0–PE3, then PF1 as bit 4. 1 = high (released).
pub fn gamepad_levels() -> u8 {
    (gpio_read(GPIOE, 0x0F) & 0x0F) | ((gpio_read(GPIOF, 0x02) & 0x02) << 3)
}

impl InputSource for Gamepad {
    fn poll(&mut self, events: &mut Events) {
        let levels = gamepad_levels();
        self.armed |= levels;
        let down = !levels & self.armed;
        for (bit, key) in KEYS {
            if (down ^ self.down) & bit != 0 {
                let pressed = down & bit != 0;
                if events.push(InputEvent::Key { key, pressed }).is_ok() {
                    self.down ^= bit;
                }
            }
        }
    }
}

/// `wfi`s executed by [`sleep_until`]: each is a wake-up from sleep.
static SLEEPS: AtomicU32 = AtomicU32::new(0);

/// The times the processor slept and woke (`wfi`s) since reset.
pub fn sleeps() -> u32 {
    SLEEPS.load(Ordering::Relaxed)
}

/// SysTick wraps (every 2^24 ticks), counted by its interrupt.
static WRAPS: AtomicU32 = AtomicU32::new(0);

#[exception]
fn SysTick() {
    WRAPS.fetch_add(1, Ordering::Relaxed);
}

/// Ticks (5 ns each) since SysTick started. Also right with interrupts masked (defmt
/// reads it for its timestamps inside a critical section), when a wrap may be waiting
/// for its interrupt.
pub fn ticks() -> u64 {
    loop {
        let wraps = WRAPS.load(Ordering::Relaxed);
        let mut current = SYST::get_current();
        // A wrap whose interrupt has not run yet: count it, and read the counter again,
        // after the wrap for sure.
        let pending = SCB::is_pendst_pending();
        if pending {
            current = SYST::get_current();
        }
        // A wrap between the loads whose interrupt did run: read again.
        if WRAPS.load(Ordering::Relaxed) == wraps {
            let wraps = u64::from(wraps) + u64::from(pending);
            return (wraps << 24) | u64::from(0x00FF_FFFF - current);
        }
    }
}

/// [`ticks`] truncated to 32 bits: the world's phase clock (differences wrap correctly).
pub fn ticks32() -> u32 {
    ticks() as u32
}

/// Ticks per second: QEMU's 5 ns clock period at SYSDIV = 0.
pub const TICKS_PER_SECOND: u64 = 200_000_000;

/// Instructions executed in `ticks`, valid under `-icount shift=5` (32 ns each).
pub fn instructions(ticks: u64) -> u64 {
    (ticks * 5 + 16) / 32
}

/// SysTick as the runner's clock.
pub struct SysTickClock {
    _private: (),
}

impl Clock for SysTickClock {
    fn now(&mut self) -> u64 {
        ticks()
    }

    fn ticks_per_second(&self) -> u64 {
        TICKS_PER_SECOND
    }

    fn wait_until(&mut self, deadline: u64) {
        sleep_until(deadline);
    }
}

/// Sleeps (`wfi`) until `ticks() >= deadline`: timer 0 is set to go off then, and its
/// interrupt wakes the processor. Interrupts are masked around the `wfi` so that the
/// timer's needs no handler (a pending interrupt still ends a `wfi`); a SysTick wrap
/// during the sleep also wakes it, and is counted once interrupts are unmasked.
pub fn sleep_until(deadline: u64) {
    loop {
        let now = ticks();
        if now >= deadline {
            return;
        }
        let wait = (deadline - now).min(u64::from(u32::MAX)) as u32;
        cortex_m::interrupt::free(|_| {
            write(TIMER0 + GPTM_CTL, 0);
            write(TIMER0 + GPTM_ICR, 0x1);
            write(NVIC_ICPR0, 1 << TIMER0A_IRQ);
            write(TIMER0 + GPTM_TAILR, wait);
            write(TIMER0 + GPTM_CTL, 0x1);
            cortex_m::asm::wfi();
            SLEEPS.fetch_add(1, Ordering::Relaxed);
            write(TIMER0 + GPTM_CTL, 0);
            write(TIMER0 + GPTM_ICR, 0x1);
            write(NVIC_ICPR0, 1 << TIMER0A_IRQ);
        });
    }
}
