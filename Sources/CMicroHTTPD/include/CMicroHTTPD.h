#ifndef PLAN_MICROHTTPD_LOADER_H
#define PLAN_MICROHTTPD_LOADER_H

// libmicrohttpd (Debian's libmicrohttpd12) for `plan serve`, loaded when the server starts.
//
// plan does not link libmicrohttpd: it needs GnuTLS and ten more libraries, and every `plan` command would load
// (and run the constructors of) all of them at start-up. `plan_mhd_load` opens libmicrohttpd.so.12 with dlopen
// on the first `plan serve`, as Sources/CCurlLoader does for libcurl. The wrappers below take plain, typed
// arguments: Swift never passes a variadic argument or a va_list itself.
//
// microhttpd.h is included for its types only; nothing here calls an MHD_* symbol directly.

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Loads libmicrohttpd.so.12, once per process (thread-safe). 0 on success; otherwise -1, and
/// `plan_mhd_load_error` says what failed.
int plan_mhd_load(void);

/// Why `plan_mhd_load` failed (empty when it did not).
const char *plan_mhd_load_error(void);

/// What answers one request: called once per request, on the connection's own thread, before any body is
/// read (a body is never read: plan's writes carry their arguments in the query). It must call
/// `plan_mhd_respond` once and return its result.
typedef int (*plan_mhd_handler)(void *context, struct MHD_Connection *connection, const char *url, const char *method);

/// The limits a daemon runs with.
struct plan_mhd_limits {
    /// Connections at once, in all (MHD_OPTION_CONNECTION_LIMIT).
    unsigned int connections;
    /// Connections at once from one address (MHD_OPTION_PER_IP_CONNECTION_LIMIT).
    unsigned int connections_per_address;
    /// Seconds a connection may stay idle, a slow client's request included (MHD_OPTION_CONNECTION_TIMEOUT).
    unsigned int idle_seconds;
    /// Bytes a connection may use for its request line and headers (MHD_OPTION_CONNECTION_MEMORY_LIMIT).
    size_t memory_per_connection;
};

/// Starts a daemon on `listen_socket` (bound and listening), a thread per connection, with `limits`; every
/// request goes to `handler` with `context`. NULL when it cannot start.
struct MHD_Daemon *plan_mhd_start(int listen_socket, struct plan_mhd_limits limits, plan_mhd_handler handler, void *context);

/// Stops a daemon: it closes its connections and joins its threads.
void plan_mhd_stop(struct MHD_Daemon *daemon);

/// A request header's value (`name` in any case), or NULL.
const char *plan_mhd_header(struct MHD_Connection *connection, const char *name);

/// A query argument's value ("" for a key given without one, "?print"), or NULL when the key is not given.
const char *plan_mhd_argument(struct MHD_Connection *connection, const char *name);

/// Queues a response: `status`, a copy of `body`, and the headers `names[i]: values[i]` for i < `count`.
/// Returns MHD_YES (1) or MHD_NO (0).
int plan_mhd_respond(struct MHD_Connection *connection, unsigned int status, const void *body, size_t length,
                     const char *const *names, const char *const *values, size_t count);

#endif
