#pragma once

#include <QString>
#include <utility>
#include <variant>

namespace difftriage::engine {

// Whose fault an error is: the user's input (exit 2 in the CLI, a message to act on) or DiffTriage
// itself (exit 1, a bug to report).
enum class ErrorKind
{
    Internal,
    BadInput,
};

// An error carried as a value: a one-line message fit for the user, never an exception.
struct Error
{
    QString message;
    ErrorKind kind = ErrorKind::Internal;
};

// Either a value or an Error. std::expected is C++23; this is the small part of it we need.
template <typename T> class [[nodiscard]] Expected
{
public:
    Expected(T value) : m_state(std::in_place_index<0>, std::move(value)) {}
    Expected(Error error) : m_state(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return m_state.index() == 0; }
    explicit operator bool() const { return ok(); }

    T &value() & { return std::get<0>(m_state); }
    const T &value() const & { return std::get<0>(m_state); }
    T &&value() && { return std::get<0>(std::move(m_state)); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }

    const Error &error() const { return std::get<1>(m_state); }

private:
    std::variant<T, Error> m_state;
};

struct Ok
{};
using Status = Expected<Ok>;

inline Error makeError(const QString &message, ErrorKind kind = ErrorKind::Internal)
{
    return Error{message, kind};
}

// The same error, filed as the user's input: the caller knows what the callee cannot.
inline Error asBadInput(Error error)
{
    error.kind = ErrorKind::BadInput;
    return error;
}

} // namespace difftriage::engine
