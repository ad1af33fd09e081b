#ifndef PLAN_CURL_LOADER_H
#define PLAN_CURL_LOADER_H

// plan's executable links Foundation statically. FoundationNetworking's calls into libcurl go through
// the trampolines in CurlLoader.c, which load libcurl.so.4 (and the ~30 libraries it needs) with
// dlopen on the first call, so commands that make no request never load them.

/// 1 once libcurl has been loaded into the process, else 0.
int plan_curl_is_loaded(void);

#endif
