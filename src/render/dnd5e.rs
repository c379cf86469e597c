//! Text for the 5e procedures.
