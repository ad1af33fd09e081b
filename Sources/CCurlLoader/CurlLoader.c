// Lazy libcurl for a statically linked plan. See include/CurlLoader.h.
//
// The `plan` executable is linked with -static-stdlib, so FoundationNetworking is inside it and its
// undefined curl_* symbols resolve to the trampolines below (hidden: never exported, so libcurl's own
// calls never land here). The Swift modules that import FoundationNetworking are compiled with
// `-disable-autolink-library curl` (Package.swift), so nothing else asks for libcurl at start-up.
// The first trampoline called loads libcurl.so.4 with dlopen and resolves every function at once.
//
// Only the functions FoundationNetworking (Swift 6.x, lib_CFURLSessionInterface) calls are here; a
// toolchain that calls another one fails to link, loudly, rather than at run time.
#if defined(__linux__)

#include "CurlLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

// Every value passed through curl's variadic setters and getters is a long, a pointer, a function
// pointer or a curl_off_t: each one integer register on the 64-bit Linux ABIs (x86_64, aarch64), so
// forwarding it as a pointer-sized integer is exact.
_Static_assert(sizeof(void *) == 8 && sizeof(long) == 8 && sizeof(long long) == 8, "64-bit Linux only");

#define PLAN_HIDDEN __attribute__((visibility("hidden")))

// Opaque stand-ins for curl's types: only passed through.
typedef void CURL;
typedef void CURLM;
typedef void CURLU;
typedef int CURLcode;
typedef int CURLMcode;
typedef int CURLUcode;

static struct {
    void *library;
    CURLcode (*global_init)(long);
    char *(*version)(void);
    void *(*version_info)(int);
    void (*free)(void *);
    void *(*slist_append)(void *, const char *);
    void (*slist_free_all)(void *);
    const char *(*easy_strerror)(CURLcode);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_pause)(CURL *, int);
    CURLcode (*easy_setopt)(CURL *, int, ...);
    CURLcode (*easy_getinfo)(CURL *, int, ...);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    void *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_setopt)(CURLM *, int, ...);
    CURLMcode (*multi_socket_action)(CURLM *, int, int, int *);
    CURLMcode (*multi_assign)(CURLM *, int, void *);
    CURLU *(*url)(void);
    CURLUcode (*url_get)(const CURLU *, int, char **, unsigned int);
    CURLUcode (*url_set)(CURLU *, int, const char *, unsigned int);
} curl;

static pthread_once_t curl_once = PTHREAD_ONCE_INIT;
static int curl_loaded = 0;

static void curl_fail(const char *what) {
    // No Swift error can cross this boundary: say what is missing and stop with EX_UNAVAILABLE.
    fprintf(stderr, "plan: cannot load libcurl for a network request (%s).\n"
                    "Install libcurl (Debian: apt-get install libcurl4), or use --offline.\n", what);
    _exit(69);
}

static void *curl_symbol(const char *name) {
    void *symbol = dlsym(curl.library, name);
    if (symbol == NULL) curl_fail(name);
    return symbol;
}

static void curl_load(void) {
    curl.library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (curl.library == NULL) {
        const char *reason = dlerror();
        curl_fail(reason != NULL ? reason : "libcurl.so.4");
    }
    curl.global_init = curl_symbol("curl_global_init");
    curl.version = curl_symbol("curl_version");
    curl.version_info = curl_symbol("curl_version_info");
    curl.free = curl_symbol("curl_free");
    curl.slist_append = curl_symbol("curl_slist_append");
    curl.slist_free_all = curl_symbol("curl_slist_free_all");
    curl.easy_strerror = curl_symbol("curl_easy_strerror");
    curl.easy_init = curl_symbol("curl_easy_init");
    curl.easy_cleanup = curl_symbol("curl_easy_cleanup");
    curl.easy_pause = curl_symbol("curl_easy_pause");
    curl.easy_setopt = curl_symbol("curl_easy_setopt");
    curl.easy_getinfo = curl_symbol("curl_easy_getinfo");
    curl.multi_init = curl_symbol("curl_multi_init");
    curl.multi_cleanup = curl_symbol("curl_multi_cleanup");
    curl.multi_add_handle = curl_symbol("curl_multi_add_handle");
    curl.multi_remove_handle = curl_symbol("curl_multi_remove_handle");
    curl.multi_info_read = curl_symbol("curl_multi_info_read");
    curl.multi_setopt = curl_symbol("curl_multi_setopt");
    curl.multi_socket_action = curl_symbol("curl_multi_socket_action");
    curl.multi_assign = curl_symbol("curl_multi_assign");
    curl.url = curl_symbol("curl_url");
    curl.url_get = curl_symbol("curl_url_get");
    curl.url_set = curl_symbol("curl_url_set");
    __atomic_store_n(&curl_loaded, 1, __ATOMIC_RELEASE);
}

static inline void curl_ready(void) {
    if (pthread_once(&curl_once, curl_load) != 0) curl_fail("pthread_once");
}

int plan_curl_is_loaded(void) {
    return __atomic_load_n(&curl_loaded, __ATOMIC_ACQUIRE);
}

// MARK: - Trampolines (curl's public names, hidden from the dynamic symbol table)

PLAN_HIDDEN CURLcode curl_global_init(long flags) { curl_ready(); return curl.global_init(flags); }
PLAN_HIDDEN char *curl_version(void) { curl_ready(); return curl.version(); }
PLAN_HIDDEN void *curl_version_info(int age) { curl_ready(); return curl.version_info(age); }
PLAN_HIDDEN void curl_free(void *pointer) { curl_ready(); curl.free(pointer); }
PLAN_HIDDEN void *curl_slist_append(void *list, const char *text) { curl_ready(); return curl.slist_append(list, text); }
PLAN_HIDDEN void curl_slist_free_all(void *list) { curl_ready(); curl.slist_free_all(list); }
PLAN_HIDDEN const char *curl_easy_strerror(CURLcode code) { curl_ready(); return curl.easy_strerror(code); }
PLAN_HIDDEN CURL *curl_easy_init(void) { curl_ready(); return curl.easy_init(); }
PLAN_HIDDEN void curl_easy_cleanup(CURL *handle) { curl_ready(); curl.easy_cleanup(handle); }
PLAN_HIDDEN CURLcode curl_easy_pause(CURL *handle, int mask) { curl_ready(); return curl.easy_pause(handle, mask); }

PLAN_HIDDEN CURLcode curl_easy_setopt(CURL *handle, int option, ...) {
    va_list arguments;
    va_start(arguments, option);
    void *value = va_arg(arguments, void *);
    va_end(arguments);
    curl_ready();
    return curl.easy_setopt(handle, option, value);
}

PLAN_HIDDEN CURLcode curl_easy_getinfo(CURL *handle, int info, ...) {
    va_list arguments;
    va_start(arguments, info);
    void *value = va_arg(arguments, void *);
    va_end(arguments);
    curl_ready();
    return curl.easy_getinfo(handle, info, value);
}

PLAN_HIDDEN CURLM *curl_multi_init(void) { curl_ready(); return curl.multi_init(); }
PLAN_HIDDEN CURLMcode curl_multi_cleanup(CURLM *multi) { curl_ready(); return curl.multi_cleanup(multi); }
PLAN_HIDDEN CURLMcode curl_multi_add_handle(CURLM *multi, CURL *handle) {
    curl_ready();
    return curl.multi_add_handle(multi, handle);
}
PLAN_HIDDEN CURLMcode curl_multi_remove_handle(CURLM *multi, CURL *handle) {
    curl_ready();
    return curl.multi_remove_handle(multi, handle);
}
PLAN_HIDDEN void *curl_multi_info_read(CURLM *multi, int *queued) { curl_ready(); return curl.multi_info_read(multi, queued); }

PLAN_HIDDEN CURLMcode curl_multi_setopt(CURLM *multi, int option, ...) {
    va_list arguments;
    va_start(arguments, option);
    void *value = va_arg(arguments, void *);
    va_end(arguments);
    curl_ready();
    return curl.multi_setopt(multi, option, value);
}

PLAN_HIDDEN CURLMcode curl_multi_socket_action(CURLM *multi, int socket, int events, int *running) {
    curl_ready();
    return curl.multi_socket_action(multi, socket, events, running);
}
PLAN_HIDDEN CURLMcode curl_multi_assign(CURLM *multi, int socket, void *pointer) {
    curl_ready();
    return curl.multi_assign(multi, socket, pointer);
}
PLAN_HIDDEN CURLU *curl_url(void) { curl_ready(); return curl.url(); }
PLAN_HIDDEN CURLUcode curl_url_get(const CURLU *url, int part, char **text, unsigned int flags) {
    curl_ready();
    return curl.url_get(url, part, text, flags);
}
PLAN_HIDDEN CURLUcode curl_url_set(CURLU *url, int part, const char *text, unsigned int flags) {
    curl_ready();
    return curl.url_set(url, part, text, flags);
}

#else

#include "CurlLoader.h"

// Elsewhere URLSession is the system's own: nothing to load.
int plan_curl_is_loaded(void) { return 1; }

#endif
