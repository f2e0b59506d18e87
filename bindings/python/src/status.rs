//! Failures as the C API numbers them (`TttStatus`), raised as the package's exception
//! classes: `tictactoe._errors.error_for` makes them, so the Python side names every class
//! and message once.

use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use tictactoe::ffi::TttStatus;
use tictactoe::Error;

/// A status number of the C API.
pub type Status = u32;

pub const NULL_POINTER: Status = TttStatus::TTT_NULL_POINTER as Status;
pub const INTERNAL_ERROR: Status = TttStatus::TTT_INTERNAL_ERROR as Status;

/// The status C returns for a core error.
pub fn of(error: Error) -> Status {
    TttStatus::from(error) as Status
}

/// The result of a core call, with its error as C's status.
pub fn numbered<T>(result: Result<T, Error>) -> Result<T, Status> {
    result.map_err(of)
}

static ERROR_FOR: GILOnceCell<PyObject> = GILOnceCell::new();
static INTEGER: GILOnceCell<PyObject> = GILOnceCell::new();
static INDEX: GILOnceCell<PyObject> = GILOnceCell::new();

fn imported(
    py: Python<'_>,
    cell: &'static GILOnceCell<PyObject>,
    module: &str,
    name: &str,
) -> PyResult<PyObject> {
    cell.get_or_try_init(py, || Ok::<_, PyErr>(py.import(module)?.getattr(name)?.unbind()))
        .map(|f| f.clone_ref(py))
}

/// The package's exception for `status` (`error_for(status)`), to raise.
pub fn error(py: Python<'_>, status: Status) -> PyErr {
    let made =
        imported(py, &ERROR_FOR, "tictactoe._errors", "error_for").and_then(|f| f.call1(py, (status,)));
    match made {
        Ok(exception) => PyErr::from_value(exception.into_bound(py)),
        Err(failed) => failed,
    }
}

/// `value` as a uint32_t: an int as it is, anything else through the package's `integer`
/// (`operator.index`, else WrongType naming the argument); `unfit` when the number does not
/// fit (negative or too big), which C then refuses as it refuses any number out of its
/// domain (`OFF_BOARD` for a coordinate, 0 for a player).
pub fn u32_arg(value: &Bound<'_, PyAny>, name: &str, unfit: u32) -> PyResult<u32> {
    if let Ok(int) = value.downcast::<pyo3::types::PyInt>() {
        return Ok(int.extract::<u32>().unwrap_or(unfit));
    }
    let py = value.py();
    let int = imported(py, &INTEGER, "tictactoe._ffi", "integer")?.call1(py, (value, name))?;
    Ok(int.extract::<u32>(py).unwrap_or(unfit))
}

/// `operator.index(value)`: the number an error message names.
pub fn index<'py>(value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let py = value.py();
    Ok(imported(py, &INDEX, "operator", "index")?.call1(py, (value,))?.into_bound(py))
}
