import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/** React Router's plugin and nothing else: the floor measures the framework as it ships. */
export default defineConfig({ plugins: [reactRouter()] });
