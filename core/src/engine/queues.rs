//! The invoker queues of §2 of `docs/lifecycle.md`, with differences D1 and D2 of `docs/lifecycle.md` §12:
//! removal keeps the order of the others (also mid-iteration: every entry still queued
//! runs exactly once in that pass), and equal execution orders run in the order the
//! components were queued, which is the order they completed enabling.
//!
//! Entries are component slot indices (`u16`). A component is in each queue at most once,
//! so a queue of capacity `C` (the component capacity) never overflows.

use heapless::Vec;

use crate::sort::stable_sort_by_key;

/// The `update` / `late_update` queue (Cocos `ReusableInvoker`): kept sorted by execution
/// order, ties in insertion order, iterated with a cursor that removals adjust.
pub(crate) struct OrderedQueue<const C: usize> {
    entries: Vec<(i16, u16), C>,
    /// Index of the next entry to run while a pass is in progress.
    cursor: usize,
}

impl<const C: usize> OrderedQueue<C> {
    pub(crate) const fn new() -> Self {
        OrderedQueue {
            entries: Vec::new(),
            cursor: usize::MAX,
        }
    }

    /// Inserts after every entry of the same or lower order.
    pub(crate) fn insert(&mut self, order: i16, comp: u16) {
        let at = self.entries.partition_point(|&(o, _)| o <= order);
        if self.entries.insert(at, (order, comp)).is_ok() && at < self.cursor {
            // Not reached during a pass (enables are deferred then), kept exact anyway.
            self.cursor = self.cursor.saturating_add(1);
        }
    }

    /// Removes `comp` if queued, keeping the others' order.
    pub(crate) fn remove(&mut self, comp: u16) {
        if let Some(at) = self.entries.iter().position(|&(_, c)| c == comp) {
            self.entries.remove(at);
            if at < self.cursor {
                self.cursor -= 1;
            }
        }
    }

    /// Starts a pass.
    pub(crate) fn begin(&mut self) {
        self.cursor = 0;
    }

    /// The next component of the pass in progress.
    pub(crate) fn next(&mut self) -> Option<u16> {
        let (_, comp) = *self.entries.get(self.cursor)?;
        self.cursor += 1;
        Some(comp)
    }

    /// Ends a pass.
    pub(crate) fn end(&mut self) {
        self.cursor = usize::MAX;
    }
}

/// The three buckets of a `OneOffInvoker`, by the sign of the execution order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Bucket {
    Negative,
    Zero,
    Positive,
}

impl Bucket {
    pub(crate) fn of(order: i16) -> Bucket {
        match order {
            o if o < 0 => Bucket::Negative,
            0 => Bucket::Zero,
            _ => Bucket::Positive,
        }
    }
}

/// The `start` queue (Cocos `OneOffInvoker`): three buckets held in one array as
/// `[negative | zero | positive]`, each in insertion order. A pass sorts the negative
/// bucket, runs it, runs the zero bucket, sorts and runs the positive bucket; entries are
/// taken out as they run, so one queued while its bucket runs is reached in the same pass
/// and one queued into a bucket already passed waits for the next pass.
pub(crate) struct BucketQueue<const C: usize> {
    entries: Vec<(i16, u16), C>,
    zero_start: usize,
    positive_start: usize,
}

impl<const C: usize> BucketQueue<C> {
    pub(crate) const fn new() -> Self {
        BucketQueue {
            entries: Vec::new(),
            zero_start: 0,
            positive_start: 0,
        }
    }

    fn range(&self, bucket: Bucket) -> core::ops::Range<usize> {
        match bucket {
            Bucket::Negative => 0..self.zero_start,
            Bucket::Zero => self.zero_start..self.positive_start,
            Bucket::Positive => self.positive_start..self.entries.len(),
        }
    }

    /// Whether no component waits for `start`.
    pub(crate) fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Appends to the end of the component's bucket.
    pub(crate) fn push(&mut self, order: i16, comp: u16) {
        let bucket = Bucket::of(order);
        let at = self.range(bucket).end;
        if self.entries.insert(at, (order, comp)).is_ok() {
            if bucket < Bucket::Zero {
                self.zero_start += 1;
            }
            if bucket < Bucket::Positive {
                self.positive_start += 1;
            }
        }
    }

    /// Removes `comp` if queued, keeping the others' order.
    pub(crate) fn remove(&mut self, comp: u16) {
        if let Some(at) = self.entries.iter().position(|&(_, c)| c == comp) {
            self.remove_at(at);
        }
    }

    fn remove_at(&mut self, at: usize) -> u16 {
        let (_, comp) = self.entries.remove(at);
        if at < self.zero_start {
            self.zero_start -= 1;
        }
        if at < self.positive_start {
            self.positive_start -= 1;
        }
        comp
    }

    /// Stable-sorts a bucket by execution order.
    pub(crate) fn sort(&mut self, bucket: Bucket) {
        let range = self.range(bucket);
        stable_sort_by_key(&mut self.entries[range], |&(order, _)| order);
    }

    /// Takes the first entry of a bucket.
    pub(crate) fn pop_front(&mut self, bucket: Bucket) -> Option<u16> {
        let range = self.range(bucket);
        if range.is_empty() {
            None
        } else {
            Some(self.remove_at(range.start))
        }
    }
}
