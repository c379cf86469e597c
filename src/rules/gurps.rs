//! GURPS 4th edition (seed 001 and the Basic Set).
