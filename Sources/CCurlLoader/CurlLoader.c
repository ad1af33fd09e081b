// libcurl's easy API through dlopen. See include/CurlLoader.h.
//
// The pointers below are filled once, under pthread_once, and only read afterwards. A load failure is
// reported to the caller (Swift turns it into TransportError.curlUnavailable, exit 69); nothing here
// exits or prints.

#include "CurlLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static struct {
    void *library;
    CURLcode (*global_init)(long);
    char *(*version)(void);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_perform)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t curl_once = PTHREAD_ONCE_INIT;
static int curl_state = 0;  // 0 not tried, 1 loaded, -1 failed (written once, under curl_once)
static char curl_error[512] = "";

static int curl_symbol(void **slot, const char *name) {
    *slot = dlsym(curl.library, name);
    if (*slot == NULL) {
        snprintf(curl_error, sizeof curl_error, "libcurl.so.4 has no %s", name);
        return -1;
    }
    return 0;
}

static void curl_open(void) {
    curl.library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (curl.library == NULL) {
        const char *reason = dlerror();
        snprintf(curl_error, sizeof curl_error, "%s", reason != NULL ? reason : "libcurl.so.4 cannot be opened");
        __atomic_store_n(&curl_state, -1, __ATOMIC_RELEASE);
        return;
    }
    int failed = 0;
    failed |= curl_symbol((void **)&curl.global_init, "curl_global_init");
    failed |= curl_symbol((void **)&curl.version, "curl_version");
    failed |= curl_symbol((void **)&curl.easy_init, "curl_easy_init");
    failed |= curl_symbol((void **)&curl.easy_cleanup, "curl_easy_cleanup");
    failed |= curl_symbol((void **)&curl.easy_perform, "curl_easy_perform");
    failed |= curl_symbol((void **)&curl.easy_strerror, "curl_easy_strerror");
    failed |= curl_symbol((void **)&curl.easy_setopt, "curl_easy_setopt");
    failed |= curl_symbol((void **)&curl.easy_getinfo, "curl_easy_getinfo");
    failed |= curl_symbol((void **)&curl.slist_append, "curl_slist_append");
    failed |= curl_symbol((void **)&curl.slist_free_all, "curl_slist_free_all");
    if (failed) {
        __atomic_store_n(&curl_state, -1, __ATOMIC_RELEASE);
        return;
    }
    // Not thread-safe in older libcurls, hence inside the once; plan never calls curl_global_cleanup.
    CURLcode code = curl.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(curl_error, sizeof curl_error, "curl_global_init failed (%d)", (int)code);
        __atomic_store_n(&curl_state, -1, __ATOMIC_RELEASE);
        return;
    }
    __atomic_store_n(&curl_state, 1, __ATOMIC_RELEASE);
}

int plan_curl_load(void) {
    if (pthread_once(&curl_once, curl_open) != 0) {
        return -1;
    }
    return __atomic_load_n(&curl_state, __ATOMIC_ACQUIRE) == 1 ? 0 : -1;
}

const char *plan_curl_load_error(void) {
    // Written before curl_state's release store, read after its acquire load.
    return __atomic_load_n(&curl_state, __ATOMIC_ACQUIRE) == -1 ? curl_error : "";
}

int plan_curl_is_loaded(void) { return __atomic_load_n(&curl_state, __ATOMIC_ACQUIRE) == 1; }

const char *plan_curl_version(void) { return plan_curl_is_loaded() ? curl.version() : ""; }

CURL *plan_curl_easy_init(void) { return curl.easy_init(); }
void plan_curl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
CURLcode plan_curl_easy_perform(CURL *handle) { return curl.easy_perform(handle); }
const char *plan_curl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

CURLcode plan_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode plan_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode plan_curl_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode plan_curl_setopt_data_callback(CURL *handle, CURLoption option, plan_curl_data_callback callback) {
    return curl.easy_setopt(handle, option, callback);
}

CURLcode plan_curl_setopt_progress_callback(CURL *handle, CURLoption option, plan_curl_progress_callback callback) {
    return curl.easy_setopt(handle, option, callback);
}

CURLcode plan_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLcode plan_curl_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl.easy_getinfo(handle, info, value);
}

struct curl_slist *plan_curl_slist_append(struct curl_slist *list, const char *text) {
    return curl.slist_append(list, text);
}

void plan_curl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }
