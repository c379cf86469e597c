//! The terminal while the screen is open: raw mode and the alternate screen, taken by one
//! [`Guard`] whose `Drop` gives them back, a panic hook that gives them back before the panic
//! is told, and the signals that would end the process (a `kill`, a closed terminal) noted so
//! the screen can give them back first and then end as the signal would have.

use crossterm::cursor::{Hide, Show};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode};
use std::io;
use std::panic::PanicHookInfo;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

type Hook = Box<dyn Fn(&PanicHookInfo<'_>) + Sync + Send + 'static>;

/// Raw mode and the alternate screen, held until dropped.
pub struct Guard {
    /// The panic hook that was there before, put back on drop.
    previous: Option<Arc<Hook>>,
    /// The signal that asked the process to end (0: none).
    signal: Arc<AtomicUsize>,
}

impl Guard {
    /// Takes the terminal: the panic hook first, so nothing after it can leave the terminal raw.
    pub fn open() -> io::Result<Guard> {
        let previous: Arc<Hook> = Arc::new(std::panic::take_hook());
        let told = Arc::clone(&previous);
        std::panic::set_hook(Box::new(move |info| {
            restore();
            told(info);
        }));
        let signal = Arc::new(AtomicUsize::new(0));
        let guard = Guard { previous: Some(previous), signal };
        guard.note_signals()?;
        enable_raw_mode()?;
        execute!(io::stdout(), EnterAlternateScreen, Hide)?;
        Ok(guard)
    }

    /// The signal that asked the process to end while the screen was open, if one did.
    pub fn signalled(&self) -> Option<i32> {
        match self.signal.load(Ordering::SeqCst) {
            0 => None,
            signal => i32::try_from(signal).ok(),
        }
    }

    #[cfg(unix)]
    fn note_signals(&self) -> io::Result<()> {
        use signal_hook::consts::signal::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
        for signal in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
            signal_hook::flag::register_usize(signal, Arc::clone(&self.signal), signal as usize)?;
        }
        Ok(())
    }

    #[cfg(not(unix))]
    fn note_signals(&self) -> io::Result<()> {
        Ok(())
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
        // A panicking thread may not change the hook; the panic ends the process anyway.
        if std::thread::panicking() {
            return;
        }
        // Ours goes, and with it its hold on the one before, which comes back.
        drop(std::panic::take_hook());
        if let Some(previous) = self.previous.take().and_then(|p| Arc::try_unwrap(p).ok()) {
            std::panic::set_hook(previous);
        }
    }
}

/// The terminal as it was: the cursor shown, the main screen back, raw mode off. Each step is
/// tried whatever became of the one before.
fn restore() {
    let _ = execute!(io::stdout(), Show, LeaveAlternateScreen);
    let _ = disable_raw_mode();
}

/// Ends the process as `signal` would have, now that the terminal is back.
#[cfg(unix)]
pub fn end_by(signal: i32) {
    let _ = signal_hook::low_level::emulate_default_handler(signal);
}

#[cfg(not(unix))]
pub fn end_by(_: i32) {}
