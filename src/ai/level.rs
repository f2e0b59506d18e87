//! Difficulty levels.
