// SPDX-License-Identifier: MIT
/* conformance: request numbers, version, GET_PARAM */
#include "conformance.h"

/* ------------------------------------------------------------------ */
/* Request numbers, version, GET_PARAM */

void test_requests(void)
{
	struct drm_version v;
	char name[32];
	uint8_t buf[128];
	int ret;
	bool ok;

	ok = DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_SUBMIT, char[48]) ==
		0xc0306446u &&
	     DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_SUBMIT, char[56]) ==
		0xc0386446u &&
	     DRM_IOWR(DRM_COMMAND_BASE + DRM_ETNAVIV_GEM_SUBMIT, char[72]) ==
		0xc0486446u &&
	     DRM_IOCTL_ETNAVIV_GEM_SUBMIT == 0xc0486446u &&
	     DRM_IOCTL_ETNAVIV_GET_PARAM == 0xc0106440u &&
	     DRM_IOCTL_ETNAVIV_GEM_CPU_PREP == 0x40186444u &&
	     DRM_IOCTL_ETNAVIV_PM_QUERY_SIG == 0xc04c644bu;
	if (!ok)
		fail("request numbers differ from the documented ones");
	report(ok, "request-numbers (0xc0306446/0xc0386446/0xc0486446 ...)");

	memset(&v, 0, sizeof(v));
	memset(name, 0, sizeof(name));
	v.name = name;
	v.name_len = sizeof(name) - 1;
	ret = etna_ioctl(fd, DRM_IOCTL_VERSION, &v);
	ok = (!ret || fail("DRM_IOCTL_VERSION: %s", err_name(ret))) &&
	     ((!strcmp(name, "etnaviv") && v.version_major == 1 &&
	       v.version_minor == 4) ||
	      fail("\"%s\" %d.%d", name, v.version_major, v.version_minor));
	report(ok, "version (etnaviv 1.4)");

	/* 0x01 (SET_PARAM) was never defined; 0x0c is past the table */
	memset(buf, 0, sizeof(buf));
	ret = etna_ioctl(fd, DRM_IOWR(DRM_COMMAND_BASE + 0x01, char[16]), buf);
	expect(ret, -EINVAL, "ioctl-nr-0x01-unused");
	ret = etna_ioctl(fd, DRM_IOWR(DRM_COMMAND_BASE + 0x0c, char[16]), buf);
	expect(ret, -EINVAL, "ioctl-nr-0x0c-past-table");
}

void test_get_param(void)
{
	static const uint32_t bad_params[] = {
		0x00, 0x1f, 0x23, 0x24, 0x100, 0xffffffff,
	};
	struct drm_etnaviv_param req;
	unsigned int i;
	uint32_t pipe;
	uint64_t v;
	int ret;

	for (pipe = 0; pipe < ETNA_MAX_PIPES; pipe++) {
		if (!present[pipe])
			continue;
		/* the input value is ignored */
		memset(&req, 0, sizeof(req));
		req.pipe = pipe;
		req.param = ETNAVIV_PARAM_GPU_MODEL;
		req.value = 0xdeadbeefdeadbeefull;
		ret = etna_ioctl(fd, DRM_IOCTL_ETNAVIV_GET_PARAM, &req);
		if (!ret && (!req.value || req.value > 0xffff))
			ret = (fail("model 0x%llx",
				    (unsigned long long)req.value), -1000);
		expect(ret, 0, "get-param-model/pipe%u", pipe);
		for (i = 0; i < ARRAY_SIZE(bad_params); i++) {
			ret = etna_param(fd, pipe, bad_params[i], &v);
			expect(ret, -EINVAL, "get-param-unknown-0x%x/pipe%u",
			       bad_params[i], pipe);
		}
	}
	expect(etna_param(fd, ETNA_MAX_PIPES, ETNAVIV_PARAM_GPU_MODEL, &v),
	       -EINVAL, "get-param-pipe-4");
	expect(etna_param(fd, 0xffffffff, ETNAVIV_PARAM_GPU_MODEL, &v),
	       -EINVAL, "get-param-pipe-0xffffffff");
	expect(etna_param(fd, ETNA_MAX_PIPES, 0, &v), -EINVAL,
	       "get-param-pipe-4-unknown-param");
	if (absent_pipe >= 0) {
		expect(etna_param(fd, absent_pipe, ETNAVIV_PARAM_GPU_MODEL, &v),
		       -ENXIO, "get-param-empty-pipe%d", absent_pipe);
		expect(etna_param(fd, absent_pipe, 0xffff, &v), -ENXIO,
		       "get-param-empty-pipe%d-unknown-param (pipe first)",
		       absent_pipe);
	}
}
