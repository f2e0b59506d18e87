//! The incremental board against a rescan of its cells after random moves and take-backs.

use super::*;
use crate::ai::rng::Rng;
use crate::rules::Rules;

/// Everything the board keeps, recomputed from its cells alone.
fn assert_matches_rescan(b: &Board) {
    let (mut counts, mut totals) = ([[0u32; LEVELS]; 2], [0i32; 2]);
    let mut hash = 0;
    for cell in b.board_cells() {
        let stone = b.cells[cell];
        if stone != EMPTY {
            hash ^= b.zobrist[cell][usize::from(stone - 1)];
        }
        let near = (-NEAR..=NEAR)
            .flat_map(|dr| (-NEAR..=NEAR).map(move |dc| (dr, dc)))
            .filter(|&(dr, dc)| {
                let at = (cell as isize + dr * b.stride as isize + dc) as usize;
                b.cells[at] == 1 || b.cells[at] == 2
            })
            .count();
        assert_eq!(usize::from(b.near[cell]), near, "near-stone count of {cell}");
        for dir in 0..4 {
            assert_eq!(
                b.keys[cell][dir],
                [b.scan_key(cell, dir, 1), b.scan_key(cell, dir, 2)],
                "{cell} {dir}"
            );
        }
        if stone != EMPTY {
            continue;
        }
        for side in 0..2 {
            let class: [Class; 4] =
                std::array::from_fn(|d| b.table.class(b.scan_key(cell, d, side as u8 + 1)));
            let (level, rating) = rate::level_and_rating(class);
            let rated = b.rated[cell][side];
            assert_eq!((rated.class, rated.level, rated.rating), (class, level, rating), "cell {cell}");
            counts[side][level as usize] += 1;
            totals[side] += class.iter().map(|&c| eval_weight(c)).sum::<i32>();
        }
    }
    assert_eq!((b.counts, b.totals, b.hash), (counts, totals, hash));
}

#[test]
#[cfg_attr(miri, ignore)] // pure Rust, thousands of rescans
fn the_board_kept_up_equals_a_rescan_after_random_moves_and_take_backs() {
    let mut rng = Rng::new(31);
    for (rows, cols, k) in
        [(15, 15, 5), (9, 13, 4), (12, 7, 6), (1, 20, 5), (20, 1, 4), (6, 6, 4), (19, 19, 6)]
    {
        let rules = Rules::new(rows, cols, k).unwrap();
        let mut game = Game::new(rules).unwrap();
        // Some stones come from the game, the rest are made and unmade on the board.
        for _ in 0..rng.below(6) {
            let cell = rng.below(rules.cells());
            let (r, c) = rules.row_col(cell);
            if game.board().cells().get(cell) == EMPTY && game.to_move().is_some() {
                game.play(r, c).unwrap();
            }
        }
        let mut b = Board::new(&game).unwrap();
        assert_matches_rescan(&b);
        let mut played = Vec::new();
        for step in 0..160 {
            let undo = !played.is_empty() && rng.below(3) == 0;
            if undo {
                b.unmake(played.pop().unwrap());
            } else {
                let empty: Vec<usize> = b.board_cells().filter(|&c| b.stone(c) == EMPTY).collect();
                let Some(&cell) = empty.get(rng.below(empty.len().max(1))) else { continue };
                b.make(cell, 1 + (step % 2) as u8);
                played.push(cell);
            }
            assert_matches_rescan(&b);
        }
        while let Some(cell) = played.pop() {
            b.unmake(cell);
        }
        assert_matches_rescan(&b);
        assert_eq!(b.stones(), game.move_count());
    }
}

#[test]
fn levels_of_cells_in_a_position() {
    // X: an open three in row 7 (7,5)-(7,7) and a pair in column 3; O: a four in row 2.
    let mut game = Game::new(Rules::new(15, 15, 5).unwrap()).unwrap();
    for (r, c) in [(7, 5), (2, 2), (7, 6), (2, 3), (7, 7), (2, 4), (9, 3), (2, 5), (10, 3)] {
        game.play(r, c).unwrap();
    }
    let b = Board::new(&game).unwrap();
    let at = |r, c| b.grid_cell(r, c).unwrap();
    assert_eq!(b.level(at(7, 4), 1), Level::DoubleFour); // the open four
    assert_eq!(b.level(at(7, 8), 1), Level::DoubleFour);
    assert_eq!(b.level(at(2, 6), 2), Level::Five);
    assert_eq!(b.level(at(2, 1), 2), Level::Five);
    assert_eq!(b.count(2, Level::Five), 2);
    assert_eq!(b.count(1, Level::Five), 0);
    // (7,3) makes a four in row 7 and an open three in column 3: a four-three.
    assert_eq!(b.level(at(8, 3), 1), Level::Three);
    assert_eq!(b.level(at(7, 3), 1), Level::FourThree);
    assert_eq!(b.to_board(at(7, 3)), (7, 3));
}
