//! The stack's high-water mark: the free RAM between the statics and the stack is
//! filled with a pattern at start, and the lowest word no longer holding it tells how
//! deep the stack went.

/// The pattern painted on free RAM.
const PAINT: u32 = 0x5EED_5EED;
/// Bytes below the current stack pointer left unpainted (`paint`'s own frame).
const MARGIN: usize = 64;

extern "C" {
    /// The end of `.bss`/`.uninit` (cortex-m-rt): where free RAM starts.
    static mut __sheap: u32;
    /// The initial stack pointer: the top of RAM (cortex-m-rt).
    static _stack_start: u32;
}

fn free_start() -> usize {
    core::ptr::addr_of!(__sheap) as usize
}

fn stack_top() -> usize {
    core::ptr::addr_of!(_stack_start) as usize
}

/// Paints the free RAM below the current stack frame. Call first thing in `main`.
pub fn paint() {
    let here = 0u32;
    let sp = core::ptr::addr_of!(here) as usize - MARGIN;
    let mut at = free_start();
    while at < sp {
        // SAFETY: [free_start, sp) is RAM that neither the statics nor the live stack
        // use: it lies between the end of `.bss` and the current stack frame.
        unsafe { core::ptr::write_volatile(at as *mut u32, PAINT) };
        at += 4;
    }
}

/// The deepest the stack has been since [`paint`], in bytes.
pub fn peak() -> usize {
    let mut at = free_start();
    let top = stack_top();
    // SAFETY: reads words of RAM between the end of the statics and the stack's top.
    while at < top && unsafe { core::ptr::read_volatile(at as *const u32) } == PAINT {
        at += 4;
    }
    top - at
}
