// libmicrohttpd through dlopen. See include/CMicroHTTPD.h.
//
// The pointers below are filled once, under pthread_once, and only read afterwards. A load failure is
// reported to the caller (Swift turns it into WebError.serverUnavailable); nothing here exits or prints.

#include "CMicroHTTPD.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static struct {
    void *library;
    struct MHD_Daemon *(*start_daemon)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *,
                                       MHD_AccessHandlerCallback, void *, ...);
    void (*stop_daemon)(struct MHD_Daemon *);
    const char *(*lookup_value)(struct MHD_Connection *, enum MHD_ValueKind, const char *);
    int (*get_values)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *);
    struct MHD_Response *(*create_response)(size_t, void *, enum MHD_ResponseMemoryMode);
    enum MHD_Result (*add_header)(struct MHD_Response *, const char *, const char *);
    enum MHD_Result (*queue_response)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
    void (*destroy_response)(struct MHD_Response *);
} mhd;

static pthread_once_t mhd_once = PTHREAD_ONCE_INIT;
static int mhd_state = 0;  // 0 not tried, 1 loaded, -1 failed (written once, under mhd_once)
static char mhd_error[512] = "";

static int mhd_symbol(void **slot, const char *name) {
    *slot = dlsym(mhd.library, name);
    if (*slot == NULL) {
        snprintf(mhd_error, sizeof mhd_error, "libmicrohttpd.so.12 has no %s", name);
        return -1;
    }
    return 0;
}

static void mhd_open(void) {
    mhd.library = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
    if (mhd.library == NULL) {
        const char *reason = dlerror();
        snprintf(mhd_error, sizeof mhd_error, "%s", reason != NULL ? reason : "libmicrohttpd.so.12 cannot be opened");
        __atomic_store_n(&mhd_state, -1, __ATOMIC_RELEASE);
        return;
    }
    int failed = 0;
    failed |= mhd_symbol((void **)&mhd.start_daemon, "MHD_start_daemon");
    failed |= mhd_symbol((void **)&mhd.stop_daemon, "MHD_stop_daemon");
    failed |= mhd_symbol((void **)&mhd.lookup_value, "MHD_lookup_connection_value");
    failed |= mhd_symbol((void **)&mhd.get_values, "MHD_get_connection_values");
    failed |= mhd_symbol((void **)&mhd.create_response, "MHD_create_response_from_buffer");
    failed |= mhd_symbol((void **)&mhd.add_header, "MHD_add_response_header");
    failed |= mhd_symbol((void **)&mhd.queue_response, "MHD_queue_response");
    failed |= mhd_symbol((void **)&mhd.destroy_response, "MHD_destroy_response");
    __atomic_store_n(&mhd_state, failed ? -1 : 1, __ATOMIC_RELEASE);
}

int plan_mhd_load(void) {
    pthread_once(&mhd_once, mhd_open);
    return __atomic_load_n(&mhd_state, __ATOMIC_ACQUIRE) == 1 ? 0 : -1;
}

const char *plan_mhd_load_error(void) { return mhd_error; }

// MARK: - The daemon

struct plan_mhd_route {
    plan_mhd_handler handler;
    void *context;
};

// One route per process is enough for `plan serve`; kept here so MHD's access handler has a stable pointer.
static struct plan_mhd_route route;
static char request_seen;

static enum MHD_Result plan_mhd_access(void *cls, struct MHD_Connection *connection, const char *url,
                                       const char *method, const char *version, const char *upload_data,
                                       size_t *upload_data_size, void **request_state) {
    (void)version;
    (void)upload_data;
    struct plan_mhd_route *target = cls;
    if (*request_state == NULL) {
        // The first call of a request (headers read): answer it now; a body, if any, is never read.
        *request_state = &request_seen;
        return target->handler(target->context, connection, url, method) ? MHD_YES : MHD_NO;
    }
    // A body arriving after the answer was queued: dropped.
    *upload_data_size = 0;
    return MHD_YES;
}

struct MHD_Daemon *plan_mhd_start(int listen_socket, struct plan_mhd_limits limits, plan_mhd_handler handler, void *context) {
    if (plan_mhd_load() != 0) return NULL;
    route.handler = handler;
    route.context = context;
    return mhd.start_daemon(
        MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL, 0, NULL, NULL,
        plan_mhd_access, &route,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_socket,
        MHD_OPTION_CONNECTION_LIMIT, limits.connections,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, limits.connections_per_address,
        MHD_OPTION_CONNECTION_TIMEOUT, limits.idle_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, limits.memory_per_connection,
        MHD_OPTION_END);
}

void plan_mhd_stop(struct MHD_Daemon *daemon) {
    if (daemon != NULL && plan_mhd_load() == 0) mhd.stop_daemon(daemon);
}

// MARK: - Requests

const char *plan_mhd_header(struct MHD_Connection *connection, const char *name) {
    return mhd.lookup_value(connection, MHD_HEADER_KIND, name);
}

struct plan_mhd_search {
    const char *name;
    const char *value;
    int found;
};

static enum MHD_Result plan_mhd_find(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    struct plan_mhd_search *search = cls;
    if (key != NULL && strcmp(key, search->name) == 0) {
        search->value = value != NULL ? value : "";
        search->found = 1;
        return MHD_NO;  // stop at the first
    }
    return MHD_YES;
}

const char *plan_mhd_argument(struct MHD_Connection *connection, const char *name) {
    struct plan_mhd_search search = {name, NULL, 0};
    mhd.get_values(connection, MHD_GET_ARGUMENT_KIND, plan_mhd_find, &search);
    return search.found ? search.value : NULL;
}

int plan_mhd_respond(struct MHD_Connection *connection, unsigned int status, const void *body, size_t length,
                     const char *const *names, const char *const *values, size_t count) {
    struct MHD_Response *response = mhd.create_response(length, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (response == NULL) return 0;
    for (size_t index = 0; index < count; index++) {
        if (mhd.add_header(response, names[index], values[index]) != MHD_YES) {
            mhd.destroy_response(response);
            return 0;
        }
    }
    enum MHD_Result queued = mhd.queue_response(connection, status, response);
    mhd.destroy_response(response);
    return queued == MHD_YES ? 1 : 0;
}
