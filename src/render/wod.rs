//! Text for the wod procedures.
