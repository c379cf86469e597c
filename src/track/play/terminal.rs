//! The terminal while the screen is open: raw mode and the alternate screen, taken by one
//! [`Guard`] whose `Drop` gives them back, a panic hook that gives them back before the panic
//! is told, and the signals that would end the process (a `kill`, a closed terminal) noted so
//! the screen can give them back first and then end as the signal would have; and the keys
//! ([`Input`]), which end when the terminal is gone.

use crate::error::{Error, Result};
use crossterm::cursor::{Hide, Show};
use crossterm::event::Event;
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode};
use std::io;
use std::panic::PanicHookInfo;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

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

/// What the terminal sends (keys, a new size), read by a thread of its own, which crossterm
/// keeps waiting without a timeout, and handed over one at a time; and the terminal itself, to
/// tell when it has hung up: crossterm would then read it forever and never return.
pub struct Input {
    events: mpsc::Receiver<io::Result<Event>>,
    #[cfg(unix)]
    tty: Option<std::fs::File>,
}

impl Input {
    pub fn open() -> io::Result<Input> {
        let (send, events) = mpsc::channel();
        std::thread::Builder::new().name("keys".into()).spawn(move || {
            loop {
                let event = crossterm::event::read();
                let failed = event.is_err();
                if send.send(event).is_err() || failed {
                    return;
                }
            }
        })?;
        #[cfg(unix)]
        {
            // Where crossterm reads: standard input when it is a terminal, else the process's.
            use std::io::IsTerminal;
            let tty = if io::stdin().is_terminal() { None } else { Some(std::fs::File::open("/dev/tty")?) };
            Ok(Input { events, tty })
        }
        #[cfg(not(unix))]
        Ok(Input { events })
    }

    /// The next thing the terminal sent, waiting up to `timeout` for it (none: nothing came).
    pub fn next(&self, timeout: Duration) -> Result<Option<Event>> {
        self.check()?;
        match self.events.recv_timeout(timeout) {
            Ok(Ok(event)) => Ok(Some(event)),
            Ok(Err(err)) => Err(err.into()),
            Err(mpsc::RecvTimeoutError::Timeout) => Ok(None),
            Err(mpsc::RecvTimeoutError::Disconnected) => Err(closed()),
        }
    }

    /// What the terminal sent and was not handed over yet, without waiting.
    pub fn pending(&self) -> Result<Option<Event>> {
        match self.events.try_recv() {
            Ok(Ok(event)) => Ok(Some(event)),
            Ok(Err(err)) => Err(err.into()),
            Err(mpsc::TryRecvError::Empty) => Ok(None),
            Err(mpsc::TryRecvError::Disconnected) => Err(closed()),
        }
    }

    /// An error once the terminal has hung up.
    #[cfg(unix)]
    fn check(&self) -> Result<()> {
        use rustix::event::{PollFd, PollFlags, Timespec, poll};
        use std::os::fd::AsFd;
        let stdin = io::stdin();
        let fd = match &self.tty {
            Some(tty) => tty.as_fd(),
            None => stdin.as_fd(),
        };
        let mut fds = [PollFd::new(&fd, PollFlags::IN)];
        match poll(&mut fds, Some(&Timespec { tv_sec: 0, tv_nsec: 0 })) {
            Ok(_) if fds[0].revents().intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL) => Err(closed()),
            Ok(_) | Err(rustix::io::Errno::INTR) => Ok(()),
            Err(err) => Err(io::Error::from(err).into()),
        }
    }

    #[cfg(not(unix))]
    fn check(&self) -> Result<()> {
        Ok(())
    }
}

fn closed() -> Error {
    Error::data("the terminal was closed")
}
