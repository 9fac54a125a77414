// PNG output through libpng, with its longjmp error handling kept in here.
#include "png_write.h"

#include <errno.h>
#include <png.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out_file.h"

// libpng reports errors by longjmp; these must not be locals of the setjmp
// caller that change after setjmp, hence the small struct passed around.
typedef struct job {
    FILE *fp;
    png_structp png;
    png_infop info;
    uint8_t *row;
} job;

static bool write_rows(job *j, const uint8_t *rgba, int w, int h, int stride)
{
    if (setjmp(png_jmpbuf(j->png))) return false;
    png_init_io(j->png, j->fp);
    png_set_IHDR(j->png, j->info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(j->png, j->info);
    for (int y = 0; y < h; ++y) {
        const uint8_t *src = rgba + (size_t)y * (size_t)stride;
        for (int x = 0; x < w; ++x)
            memcpy(j->row + 3 * x, src + 4 * x, 3);
        png_write_row(j->png, j->row);
    }
    png_write_end(j->png, NULL);
    return true;
}

alResult al_png_write(const char *path, const uint8_t *rgba, int w, int h, int stride, alError *err)
{
    if (w <= 0 || h <= 0)
        return alError_Set(err, AL_ERR_USAGE, "%s: image size %dx%d is empty", path, w, h);
    job j = {0};
    al_out_file o;
    if (!al_out_open(&o, path, "wb"))
        return alError_Set(err, AL_ERR_IO, "cannot write %s: %s", path, strerror(errno));
    j.fp = o.f;
    j.row = malloc((size_t)w * 3);
    j.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    j.info = j.png ? png_create_info_struct(j.png) : NULL;
    bool ok = j.row && j.info && write_rows(&j, rgba, w, h, stride);
    png_destroy_write_struct(j.png ? &j.png : NULL, j.info ? &j.info : NULL);
    free(j.row);
    if (!al_out_close(&o, ok)) {
        int saved = errno;
        return alError_Set(err, AL_ERR_IO, "cannot write PNG %s: %s", path,
                           saved ? strerror(saved) : "libpng failed");
    }
    return AL_OK;
}
