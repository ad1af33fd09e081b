// libqrencode through dlopen. See include/CQREncode.h.

#include "CQREncode.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    void *library;
    QRcode *(*encode_string)(const char *, int, QRecLevel, QRencodeMode, int);
    void (*free_code)(QRcode *);
} qr;

static pthread_once_t qr_once = PTHREAD_ONCE_INIT;
static int qr_state = 0;  // 0 not tried, 1 loaded, -1 failed (written once, under qr_once)
static char qr_load_error[512] = "";

static void qr_open(void) {
    qr.library = dlopen("libqrencode.so.4", RTLD_NOW | RTLD_LOCAL);
    if (qr.library == NULL) {
        const char *reason = dlerror();
        snprintf(qr_load_error, sizeof qr_load_error, "%s", reason != NULL ? reason : "libqrencode.so.4 cannot be opened");
        __atomic_store_n(&qr_state, -1, __ATOMIC_RELEASE);
        return;
    }
    *(void **)&qr.encode_string = dlsym(qr.library, "QRcode_encodeString");
    *(void **)&qr.free_code = dlsym(qr.library, "QRcode_free");
    if (qr.encode_string == NULL || qr.free_code == NULL) {
        snprintf(qr_load_error, sizeof qr_load_error, "libqrencode.so.4 has no QRcode_encodeString or QRcode_free");
        __atomic_store_n(&qr_state, -1, __ATOMIC_RELEASE);
        return;
    }
    __atomic_store_n(&qr_state, 1, __ATOMIC_RELEASE);
}

unsigned char *plan_qr_encode(const char *text, int *width) {
    pthread_once(&qr_once, qr_open);
    if (__atomic_load_n(&qr_state, __ATOMIC_ACQUIRE) != 1) return NULL;
    QRcode *code = qr.encode_string(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (code == NULL) return NULL;
    size_t count = (size_t)code->width * (size_t)code->width;
    unsigned char *modules = malloc(count);
    if (modules != NULL) {
        for (size_t index = 0; index < count; index++) modules[index] = code->data[index] & 1;
        *width = code->width;
    }
    qr.free_code(code);
    return modules;
}

void plan_qr_free(unsigned char *modules) { free(modules); }

const char *plan_qr_error(void) { return qr_load_error; }
