//! A win by continuous fours, read from the pattern board: every attacking move is a four,
//! so the defender's reply is forced (the one completing cell), and only the attacker's moves
//! branch. Cheap enough to ask for either side at the root.

use super::{Level, Searcher};
use crate::rules::EMPTY;

impl Searcher {
    /// The first move of a win by fours for `att`, taken to be to move, within `depth`
    /// fours and the searcher's node budget (`max_nodes` at most, counted in `nodes`): the
    /// shortest such win, one more four allowed at a time, so that a quick win is not missed
    /// in a long search of a slow one.
    pub(super) fn vcf(&mut self, att: u8, depth: u32, max_nodes: u64) -> Option<usize> {
        let stop = self.nodes.saturating_add(max_nodes);
        for d in 1..=depth {
            if self.nodes >= stop || self.aborted {
                break;
            }
            self.vcf_cut = false;
            if let Some(win) = self.vcf_at(att, d, stop) {
                return Some(win);
            }
            if !self.vcf_cut {
                // Every line ended before the limit: more fours would find nothing new.
                break;
            }
        }
        None
    }

    fn vcf_at(&mut self, att: u8, depth: u32, stop: u64) -> Option<usize> {
        let def = 3 - att;
        if let Some(c) = self.cells_at(att, Level::Five).next() {
            return Some(c);
        }
        let blocks = self.board.count(def, Level::Five);
        if blocks >= 2 {
            return None;
        }
        if depth == 0 {
            self.vcf_cut = true;
            return None;
        }
        let at = depth as usize;
        let mut fours = Self::take_list(&mut self.vcf_lists, at, self.room, &mut self.out_of_memory)?;
        if blocks == 1 {
            // The defender's four must be blocked; the block must itself be a four.
            let block = self.cells_at(def, Level::Five).next()?;
            if self.board.level(block, att) < Level::Four {
                return None;
            }
            fours.push((block, Level::Four));
        } else {
            let b = &self.board;
            fours.extend(b.candidates().map(|c| (c, b.level(c, att))).filter(|&(_, l)| l >= Level::Four));
            if let Some(&(c, _)) = fours.iter().find(|&&(_, l)| l == Level::DoubleFour) {
                self.vcf_lists[at] = fours;
                return Some(c);
            }
            // Fours that also make a three first: they are the likeliest to win.
            fours.sort_unstable_by_key(|&(c, l)| (std::cmp::Reverse(l), c));
        }
        let found = self.try_fours(att, &fours, blocks, depth, stop);
        self.vcf_lists[at] = fours;
        found
    }

    /// Each of `fours` in turn, with the defender's forced reply, then the search on.
    fn try_fours(
        &mut self,
        att: u8,
        fours: &[(usize, Level)],
        blocks: u32,
        depth: u32,
        stop: u64,
    ) -> Option<usize> {
        let def = 3 - att;
        for &(cell, _) in fours {
            if self.nodes >= stop || self.spend() {
                return None;
            }
            self.board.make(cell, att);
            if blocks == 1 && self.board.count_at_least(att, Level::Five) >= 2 {
                // The block made an open four or two fours.
                self.board.unmake(cell);
                return Some(cell);
            }
            let won = match self.completion(cell, att) {
                Some(reply) => {
                    self.board.make(reply, def);
                    let won = self.vcf_at(att, depth - 1, stop).is_some();
                    self.board.unmake(reply);
                    won
                }
                // A block that makes no four: no forced reply.
                None => false,
            };
            self.board.unmake(cell);
            if won {
                return Some(cell);
            }
        }
        None
    }

    /// The empty cell along the lines of `cell` where `side` now makes five.
    fn completion(&self, cell: usize, side: u8) -> Option<usize> {
        let b = &self.board;
        let reach = b.half() as isize;
        for step in b.steps() {
            for s in (-reach..=reach).filter(|&s| s != 0) {
                let at = (cell as isize + s * step) as usize;
                if b.stone(at) == EMPTY && b.level(at, side) == Level::Five {
                    return Some(at);
                }
            }
        }
        None
    }
}
