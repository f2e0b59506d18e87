//! Budgeted search.
