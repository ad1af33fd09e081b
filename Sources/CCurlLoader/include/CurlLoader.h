#ifndef PLAN_CURL_LOADER_H
#define PLAN_CURL_LOADER_H

// libcurl's documented easy API, loaded on the first request.
//
// plan does not link libcurl: `plan_curl_load` opens libcurl.so.4 with dlopen and resolves the easy
// functions with dlsym, so a command that makes no request never loads libcurl and the ~30 libraries it
// needs. Each wrapper below takes typed arguments and calls curl's variadic setter or getter with exactly
// that type (curl_easy_setopt's documented contract: a long, a pointer, a function pointer or a
// curl_off_t, by option), so Swift never passes a variadic argument itself.
//
// curl.h is included for its types and option numbers only; nothing here calls a curl_* symbol directly.

#include <curl/curl.h>
#include <stddef.h>

/// Loads libcurl.so.4 and curl_global_init's it, once per process (thread-safe). 0 on success; otherwise
/// -1, and `plan_curl_load_error` says what failed (dlopen's reason or the missing symbol).
int plan_curl_load(void);

/// Why `plan_curl_load` failed (empty when it did not).
const char *plan_curl_load_error(void);

/// 1 once libcurl has been loaded into the process, else 0.
int plan_curl_is_loaded(void);

/// The version libcurl reports ("7.88.1"), or "" before loading.
const char *plan_curl_version(void);

/// The write and header callbacks' shape (CURLOPT_WRITEFUNCTION, CURLOPT_HEADERFUNCTION).
typedef size_t (*plan_curl_data_callback)(char *data, size_t size, size_t count, void *context);
/// The progress callback's shape (CURLOPT_XFERINFOFUNCTION); non-zero aborts the transfer.
typedef int (*plan_curl_progress_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                           curl_off_t upload_total, curl_off_t uploaded);

// The easy handle. Each call below requires a successful `plan_curl_load` first.
CURL *plan_curl_easy_init(void);
void plan_curl_easy_cleanup(CURL *handle);
CURLcode plan_curl_easy_perform(CURL *handle);
const char *plan_curl_easy_strerror(CURLcode code);

// One setter per argument type.
CURLcode plan_curl_setopt_long(CURL *handle, CURLoption option, long value);
/// For strings (curl copies them) and for pointers passed back to callbacks or lists (kept by the caller).
CURLcode plan_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value);
CURLcode plan_curl_setopt_off(CURL *handle, CURLoption option, curl_off_t value);
CURLcode plan_curl_setopt_data_callback(CURL *handle, CURLoption option, plan_curl_data_callback callback);
CURLcode plan_curl_setopt_progress_callback(CURL *handle, CURLoption option, plan_curl_progress_callback callback);

// One getter per result type.
CURLcode plan_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode plan_curl_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value);

// Header lists.
struct curl_slist *plan_curl_slist_append(struct curl_slist *list, const char *text);
void plan_curl_slist_free_all(struct curl_slist *list);

#endif
