//! Text for the gurps procedures.
