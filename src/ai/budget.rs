//! How long a search may think: nodes (the deterministic limit) and wall-clock time.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long [`search`](super::search) or [`solve`](super::solve) may think: a number of
/// nodes, a wall-clock time, or both (whichever runs out first).
///
/// A node budget is deterministic: the same position, budget and seed give the same answer on
/// every run and platform. A time budget is not, since it depends on how fast the machine is
/// at that moment; its clock starts when the call does.
///
/// ```
/// use std::time::Duration;
/// use tictactoe::ai::Budget;
/// let quick = Budget::millis(20);
/// let exact = Budget::nodes(100_000);
/// let both = Budget::nodes(100_000).and_time(Duration::from_millis(20));
/// assert_eq!((both.max_nodes(), both.max_time()), (Some(100_000), Some(Duration::from_millis(20))));
/// assert_eq!((quick.max_nodes(), exact.max_time()), (None, None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    /// Search nodes, the deterministic limit; 0 for none (C's convention, kept inside).
    pub(crate) max_nodes: u64,
    /// Wall-clock limit; `None` for none.
    pub(crate) max_time: Option<Duration>,
}

impl Budget {
    /// At most `max_nodes` nodes (at least one is always searched), with no time limit.
    pub const fn nodes(max_nodes: u64) -> Budget {
        Budget { max_nodes: if max_nodes == 0 { 1 } else { max_nodes }, max_time: None }
    }

    /// At most `max_time` of wall-clock time, with no node limit.
    pub const fn time(max_time: Duration) -> Budget {
        Budget { max_nodes: 0, max_time: Some(max_time) }
    }

    /// At most `millis` milliseconds, with no node limit.
    pub const fn millis(millis: u64) -> Budget {
        Budget::time(Duration::from_millis(millis))
    }

    /// This budget with a node limit too (at least one node).
    pub const fn and_nodes(self, max_nodes: u64) -> Budget {
        Budget { max_nodes: Budget::nodes(max_nodes).max_nodes, ..self }
    }

    /// This budget with a time limit too.
    pub const fn and_time(self, max_time: Duration) -> Budget {
        Budget { max_time: Some(max_time), ..self }
    }

    /// The node limit, if any.
    pub fn max_nodes(&self) -> Option<u64> {
        (self.max_nodes != 0).then_some(self.max_nodes)
    }

    /// The time limit, if any.
    pub fn max_time(&self) -> Option<Duration> {
        self.max_time
    }

    /// This budget with `spent` nodes taken off its node limit, if it has one (never below
    /// one node).
    pub(crate) fn less_nodes(self, spent: u64) -> Budget {
        match self.max_nodes {
            0 => self,
            n => Budget { max_nodes: n.saturating_sub(spent).max(1), ..self },
        }
    }

    /// A budget from the C API's two limits, 0 or `None` meaning no such limit; unlimited
    /// when both are absent, which every search refuses (`InvalidArgument`, checked after
    /// the game's own state, so a finished game stays `GameOver`). The bindings that pass
    /// C's numbers on use it to get C's answers.
    pub fn limits(max_nodes: u64, max_time: Option<Duration>) -> Budget {
        Budget { max_nodes, max_time }
    }

    /// True when neither limit is set: such a search could run for days, so it is refused.
    pub(crate) fn is_unlimited(&self) -> bool {
        self.max_nodes == 0 && self.max_time.is_none()
    }
}

/// More nodes than an exact solve visits in a millisecond on a current desktop core, so that a
/// time budget bounds the nodes too, for sizing tables.
const NODES_PER_MILLI: u64 = 1 << 13;

/// Nodes between two looks at the clock: an exact solve's node costs a fraction of a
/// microsecond and a clock read tens of nanoseconds.
const CLOCK_EVERY: u64 = 1024;

/// An exact solve's work counted against a [`Budget`]: one compare per node, and the limits
/// themselves looked at only when the count passes `check_at`.
pub(crate) struct Meter {
    nodes: u64,
    check_at: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    /// The most nodes the budget can allow, by steps or by time.
    reach: u64,
    /// Steps shared with other meters (a solve split over threads): `max_nodes` is then what
    /// this meter has taken from it so far, and it takes more as it needs them.
    pool: Option<Arc<Pool>>,
}

/// Steps shared by the meters of one solve split over threads. Each meter takes them in
/// chunks, so that the threads seldom touch the shared counter; at most a chunk per thread is
/// left unspent when the pool runs dry.
pub(crate) struct Pool {
    left: AtomicU64,
}

/// The steps a pooled meter takes at a time: a few microseconds of search.
const POOL_CHUNK: u64 = 1 << 12;

impl Pool {
    /// A pool of `steps` steps.
    pub fn new(steps: u64) -> Pool {
        Pool { left: AtomicU64::new(steps) }
    }

    /// Takes up to `n` steps; returns how many it got.
    fn take(&self, n: u64) -> u64 {
        let got = |left: u64| left.min(n);
        match self.left.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| Some(left - got(left))) {
            Ok(before) | Err(before) => got(before),
        }
    }

    /// Empties the pool: every meter drawing on it runs out within a chunk of steps.
    pub fn drain(&self) {
        self.left.store(0, Ordering::Relaxed);
    }
}

impl Meter {
    /// A meter for `budget`, whose time runs from `started`.
    pub fn new(budget: Budget, started: Instant) -> Meter {
        let max_nodes = if budget.max_nodes == 0 { u64::MAX } else { budget.max_nodes };
        let deadline = budget.max_time.and_then(|t| started.checked_add(t));
        let by_time = budget.max_time.map_or(u64::MAX, |t| {
            u64::try_from(t.as_millis()).unwrap_or(u64::MAX).saturating_add(1).saturating_mul(NODES_PER_MILLI)
        });
        let reach = max_nodes.min(by_time);
        let mut meter = Meter { nodes: 0, check_at: 0, max_nodes, deadline, reach, pool: None };
        meter.check_at = meter.next_check();
        meter
    }

    /// A meter that takes its steps from `pool` (which holds at most `steps`), with the time
    /// limit of `budget` running from `started` (its step limit is the pool's).
    pub fn pooled(pool: Arc<Pool>, steps: u64, budget: Budget, started: Instant) -> Meter {
        let mut meter = Meter::new(Budget::limits(steps, budget.max_time), started);
        (meter.max_nodes, meter.pool) = (0, Some(pool));
        meter.check_at = meter.next_check();
        meter
    }

    /// The most nodes the budget can allow (`u64::MAX` for no limit): the node limit, or as
    /// many as the time limit could hold. A table sized for more would be cleared in vain, and
    /// its page faults alone would overrun a short budget.
    pub fn reach(&self) -> u64 {
        self.reach
    }

    /// Counts `n` more nodes; true once the budget is spent (and from then on).
    #[inline(always)]
    pub fn spend(&mut self, n: u64) -> bool {
        self.nodes = self.nodes.saturating_add(n);
        self.nodes > self.check_at && self.look()
    }

    /// The nodes counted so far.
    pub fn used(&self) -> u64 {
        self.nodes
    }

    /// Counts `n` more nodes without looking at the limits (the next `spend` does).
    pub fn add(&mut self, n: u64) {
        self.nodes = self.nodes.saturating_add(n);
    }

    #[cold]
    fn look(&mut self) -> bool {
        if let Some(pool) = self.pool.as_ref().filter(|_| self.nodes > self.max_nodes) {
            self.max_nodes += pool.take((self.nodes - self.max_nodes).saturating_add(POOL_CHUNK));
        }
        if self.nodes > self.max_nodes || self.deadline.is_some_and(|d| Instant::now() >= d) {
            return true;
        }
        self.check_at = self.next_check();
        false
    }

    fn next_check(&self) -> u64 {
        match self.deadline {
            Some(_) => self.max_nodes.min(self.nodes.saturating_add(CLOCK_EVERY)),
            None => self.max_nodes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Budget, Meter, Pool};
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    #[test]
    fn nodes_run_out_after_the_limit_and_stay_out() {
        let mut meter = Meter::new(Budget::nodes(10), Instant::now());
        assert!(!(0..10).any(|_| meter.spend(1)));
        assert!(meter.spend(1));
        assert!(meter.spend(0));
        let mut meter = Meter::new(Budget::nodes(10), Instant::now());
        meter.add(10);
        assert!(!meter.spend(0));
        meter.add(5);
        assert!(meter.spend(0));
    }

    #[test]
    fn time_runs_out_within_a_clock_period() {
        let budget = Budget::time(Duration::ZERO);
        let mut meter = Meter::new(budget, Instant::now());
        let spent = (1..=super::CLOCK_EVERY + 1).position(|_| meter.spend(1));
        assert_eq!(spent, Some(super::CLOCK_EVERY as usize));
        let budget = Budget::time(Duration::from_secs(3600));
        let mut meter = Meter::new(budget, Instant::now());
        assert!(!(0..100_000).any(|_| meter.spend(1)));
        assert_eq!(meter.reach(), 3_600_001 * super::NODES_PER_MILLI);
        assert_eq!(Meter::new(Budget::nodes(u64::MAX), Instant::now()).reach(), u64::MAX);
        assert_eq!(Meter::new(Budget::limits(0, None), Instant::now()).reach(), u64::MAX);
        assert_eq!(Budget::nodes(0), Budget::nodes(1));
        let both = Budget::nodes(5).and_time(Duration::from_millis(1));
        assert_eq!(Meter::new(both, Instant::now()).reach(), 5);
    }

    /// Meters on one pool spend its steps between them, in chunks, and none spends more than
    /// there were; a drained pool stops them all.
    #[test]
    fn pooled_meters_share_the_steps() {
        let steps = 3 * super::POOL_CHUNK + 100;
        let pool = Arc::new(Pool::new(steps));
        let budget = Budget::nodes(steps);
        let mut a = Meter::pooled(Arc::clone(&pool), steps, budget, Instant::now());
        let mut b = Meter::pooled(Arc::clone(&pool), steps, budget, Instant::now());
        assert_eq!(a.reach(), steps);
        let (mut spent, mut out) = (0, [false; 2]);
        while out != [true; 2] {
            for (meter, out) in [&mut a, &mut b].into_iter().zip(&mut out) {
                *out |= meter.spend(1);
                spent += u64::from(!*out);
            }
        }
        assert!(spent <= steps && spent > steps - 2 * super::POOL_CHUNK, "{spent}");
        assert!(a.spend(0) && b.spend(0));
        let pool = Arc::new(Pool::new(u64::MAX));
        let mut c = Meter::pooled(Arc::clone(&pool), u64::MAX, Budget::millis(60_000), Instant::now());
        assert!(!(0..10_000).any(|_| c.spend(1)));
        pool.drain();
        assert!((0..2 * super::POOL_CHUNK).any(|_| c.spend(1)));
    }
}
